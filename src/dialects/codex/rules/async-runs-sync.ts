import { setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';

/**
 * Where the agent runs an `async: true` hook synchronously anyway (codex SessionEnd), the flag
 * reads as a promise it does not keep: the hook still holds up the event.
 */
export const asyncRunsSync = createRule({
  id: 'async-runs-sync',
  severity: 'warning',
  description: '`async: true` on an event whose hooks the agent always runs synchronously',
  atLoad: true,
  messages: {
    // Codex: codex-rs/hooks/src/engine/discovery.rs warns "running async SessionEnd hook synchronously".
    runsSync: 'async: true has no effect on {{event}}: the agent runs {{event}} hooks synchronously; remove it',
  },
  check({ checked, report }) {
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.spec;
      const entry = setField(handler.node, 'async');
      if (event === null || event.asyncAllowed || entry?.value.kind !== 'scalar' || entry.value.value !== true) continue;
      report({ messageId: 'runsSync', data: { event: event.name }, pos: entry.value.pos });
    }
  },
});
