import { setField } from '../../config/field-value.js';
import { createRule } from '../rule.js';

/** `exit 2` as a command of its own: at the start, after `;`, `&&`, `||`, `|`, `{`, `(` or `then`/`else`. */
const EXIT_TWO = /(?:^|[;&|{(]|\b(?:then|else|do)\b)\s*exit\s+2(?=\s*(?:$|[;&|)}]|\bfi\b))/m;

/**
 * Output the agent ignores, written inline (issue 39): a literal `exit 2` on an event where exit 2
 * cannot block (the dialect's `exitTwoIgnored`, from each event's output description). The author
 * meant to stop something; the agent shows stderr, or ignores it, and goes on.
 */
export const outputIgnored = createRule({
  id: 'output-ignored',
  severity: 'warning',
  description: 'a hook whose inline output the agent ignores: exit 2 on an event that cannot block',
  atLoad: false,
  messages: {
    // {{effect}}: what the agent does with exit 2 on this event, a clause naming the agent.
    exitTwoIgnored: 'the command exits 2 to block, but {{event}} cannot be blocked: {{effect}}, and the {{event}} goes on',
  },
  check({ spec, checked, report }) {
    const ignored = spec.exitTwoIgnored;
    if (ignored === undefined) return;
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.name;
      if (handler.group.event.spec === null || !Object.hasOwn(ignored, event)) continue;
      const command = setField(handler.node, 'command')?.value;
      if (command?.kind !== 'scalar' || typeof command.value !== 'string' || !EXIT_TWO.test(command.value)) continue;
      report({ messageId: 'exitTwoIgnored', data: { event, effect: ignored[event]! }, pos: command.pos });
    }
  },
});
