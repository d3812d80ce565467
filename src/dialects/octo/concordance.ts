import type { DialectConcordance } from '../../kit/index.js';
import { OCTO_EVENTS } from './events.js';

/** octo's row of the cross-agent concordance: its events carry the canonical names; its shell tool is `terminal`. */
export const concordance: DialectConcordance = {
  events: Object.fromEntries(OCTO_EVENTS.map((event) => [event.name, event.name])),
  tools: { shell: 'terminal' },
};
