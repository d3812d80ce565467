import { switchHelp } from '../dialect-facts.js';

/** Which dialects `enable` and `disable` act on (the trust authorities with a per-hook switch), for both commands' help. */
export const SWITCH_HELP = switchHelp();
