import { setField } from '../../config/field-value.js';
import { ruleMeta, type Rule } from '../rule.js';

/** SPEC 3.2: context-injecting events and the PreToolUse gate must run synchronously. */
export const asyncNotAllowed: Rule = {
  meta: ruleMeta('async-not-allowed', 'error', '`async: true` on an event that must run synchronously'),
  atLoad: true,
  check({ spec, checked, report }) {
    const allowed = spec.events.filter((event) => event.asyncAllowed).map((event) => event.name);
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.spec;
      const entry = setField(handler.node, 'async');
      if (event === null || event.asyncAllowed || entry?.value.kind !== 'scalar' || entry.value.value !== true) continue;
      const why = event.name === 'PreToolUse' ? 'it is the gate and must answer before the tool runs' : 'its output must be ready before the agent goes on';
      report({
        message: `async: true is not allowed on ${event.name} (${why}); only ${allowed.join(', ')} may run asynchronously`,
        pos: entry.value.pos,
        invalidates: handler.node,
      });
    }
  },
};
