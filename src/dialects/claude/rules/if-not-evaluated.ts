import { setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';
import { CONDITION_FIELD } from '../lint-facts.js';

/**
 * A tool-call filter on an event without a tool call: the agent evaluates it only on tool events,
 * and elsewhere a handler that sets it never runs (claude: cc hooks §Common fields, "On other
 * events, a hook with `if` set never runs").
 */
export const ifNotEvaluated = createRule({
  id: 'if-not-evaluated',
  severity: 'error',
  description: 'an `if` filter on an event that has no tool call, so the handler never runs',
  atLoad: true,
  messages: {
    // {{field}} is the filter field ("if"); {{events}} the events that evaluate it.
    neverRuns:
      '"{{field}}" is evaluated only on {{events}}; on {{event}} a handler that sets it never runs; ' +
      'remove "{{field}}" or move the handler to a tool event',
  },
  check({ checked, report }) {
    const condition = CONDITION_FIELD;
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event;
      const entry = setField(handler.node, condition.field);
      if (event.spec === null || entry === undefined || condition.events.has(event.name)) continue;
      report({
        messageId: 'neverRuns',
        data: { field: condition.field, events: [...condition.events].join(', '), event: event.name },
        pos: entry.keyPos,
      });
    }
  },
});
