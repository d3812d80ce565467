import type { DialectProtocol } from '../../kit/index.js';
import { createCodexProtocol } from '../codex/codex-protocol.js';
import { contracts } from './contracts.js';

/**
 * The openinterpreter output contract (SPEC 2.5) and aggregation (SPEC 2.6): the Codex hooks
 * engine's, with SPEC 2.9's deliberate differences (see createCodexProtocol).
 */
export const protocol: DialectProtocol = createCodexProtocol({
  contracts,
  decisions: 'extended',
  hookEventName: 'exact',
  rewriteOrder: 'configured',
  postToolUseContinueFalse: 'stops',
  context: 'spill',
});
