import { scalarField, setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';
import { CLAUDE_EVENTS, MODEL_HANDLER_EVENTS, STARTUP_EVENTS } from '../events.js';

/**
 * Handler types Claude Code accepts only on some events (cc hooks §Prompt-based hooks: `prompt` and
 * `agent` on 13 events; SessionStart and Setup take no `http`); a type not listed is allowed everywhere.
 */
const TYPE_EVENTS: Readonly<Record<string, ReadonlySet<string>>> = {
  prompt: MODEL_HANDLER_EVENTS,
  agent: MODEL_HANDLER_EVENTS,
  http: new Set(CLAUDE_EVENTS.map((event) => event.name).filter((name) => !STARTUP_EVENTS.has(name))),
};

/**
 * A handler type the agent does not accept on this event (claude: `prompt` and `agent` only on the
 * 13 events of cc hooks §Prompt-based hooks; no `http` on SessionStart and Setup). The agent does
 * not run it, and neither does hookctl.
 */
export const handlerTypeNotAllowed = createRule({
  id: 'handler-type-not-allowed',
  severity: 'error',
  description: 'a handler type the event does not support',
  atLoad: true,
  messages: {
    // {{type}} is a JSON string (quoted); {{events}} the events that accept the type.
    notAllowed: '{{event}} does not support {{type}} handlers, so this hook never runs; {{type}} handlers work on {{events}}',
    // {{excluded}}: the events that do not accept the type, when they are fewer than those that do.
    notAllowedHere:
      '{{event}} does not support {{type}} handlers, so this hook never runs; {{type}} handlers work on every event but {{excluded}}',
  },
  check({ spec, checked, report }) {
    const allowed = TYPE_EVENTS;
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event;
      const type = scalarField(handler.node, 'type', 'string');
      if (event.spec === null || type === undefined || !Object.hasOwn(allowed, type)) continue;
      const events = allowed[type]!;
      if (events.has(event.name)) continue;
      const where = { pos: setField(handler.node, 'type')!.value.pos, invalidates: handler.node };
      const data = { event: event.name, type: JSON.stringify(type) };
      const excluded = spec.events.map((candidate) => candidate.name).filter((name) => !events.has(name));
      if (excluded.length < events.size)
        report({ messageId: 'notAllowedHere', data: { ...data, excluded: excluded.join(', ') }, ...where });
      else report({ messageId: 'notAllowed', data: { ...data, events: [...events].join(', ') }, ...where });
    }
  },
});
