import type { DialectProtocol } from '../../kit/index.js';
import { createCodexProtocol } from './codex-protocol.js';
import { contracts } from './contracts.js';

/**
 * The codex output contract and aggregation, exactly as Codex reads hook results
 * (SPEC-dialects 9.5, 9.6): `allow` without a rewrite, `ask` and legacy `approve` fail the run; deny
 * plus `updatedInput` fails it too; any output event name passes as `hookEventName`; the rewrite of
 * the last hook to finish wins (`rewriteOrder: 'configured'` makes it the last configured, for
 * tests); context is not spilled: each run's `additionalContextLimit` is reported in `dialectOutput`.
 * PostToolUse `continue:false` is feedback, not a stop (observed in Codex 0.169.0, test/agents/codex).
 */
export const protocol: DialectProtocol = createCodexProtocol({
  contracts,
  decisions: 'codex',
  hookEventName: 'any',
  rewriteOrder: 'options',
  postToolUseContinueFalse: 'replaces-output',
  context: 'report',
});
