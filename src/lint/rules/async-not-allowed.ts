import { setField } from '../../config/field-value.js';
import { createRule } from '../rule.js';

const NOT_ALLOWED = 'async: true is not allowed on {{event}}';
const ONLY = 'only {{allowed}} may run asynchronously';

/**
 * SPEC 3.2: context-injecting events and the PreToolUse gate must run synchronously. Where an agent
 * runs such a hook synchronously instead (codex), its dialect's rule replaces this one (DialectRules.replaces).
 */
export const asyncNotAllowed = createRule({
  id: 'async-not-allowed',
  severity: 'error',
  description: '`async: true` on an event that must run synchronously',
  atLoad: true,
  messages: {
    asyncOnGate: `${NOT_ALLOWED} (it is the gate and must answer before the tool runs); ${ONLY}`,
    asyncOnContextEvent: `${NOT_ALLOWED} (its output must be ready before the agent goes on); ${ONLY}`,
    // A dialect none of whose events allows async (gemini): there is no list of events to offer.
    noAsyncEvents: `${NOT_ALLOWED}: {{dialect}} runs no hook asynchronously; remove it`,
  },
  check({ spec, checked, report }) {
    const allowed = spec.events
      .filter((event) => event.asyncAllowed)
      .map((event) => event.name)
      .join(', ');
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.spec;
      const entry = setField(handler.node, 'async');
      if (event === null || event.asyncAllowed || entry?.value.kind !== 'scalar' || entry.value.value !== true) continue;
      const where = { pos: entry.value.pos, invalidates: handler.node };
      if (allowed === '') {
        report({ messageId: 'noAsyncEvents', data: { event: event.name, dialect: spec.dialect }, ...where });
        continue;
      }
      // The event table says which events guard an action (PreToolUse, gemini's BeforeTool…).
      report({
        messageId: event.guard !== undefined ? 'asyncOnGate' : 'asyncOnContextEvent',
        data: { event: event.name, allowed },
        ...where,
      });
    }
  },
});
