import { didYouMean } from '../../util/did-you-mean.js';
import { createRule } from '../rule.js';

/** A misspelled event is the classic hook that silently never fires. */
export const unknownEvent = createRule({
  id: 'unknown-event',
  severity: 'error',
  description: 'an event name the dialect does not have',
  atLoad: true,
  messages: {
    unknownDidYouMean: 'unknown {{dialect}} event "{{event}}"; did you mean "{{suggestion}}"?',
    // Nothing is close: list the events instead.
    unknown: 'unknown {{dialect}} event "{{event}}"; the events are {{events}}',
    // A config copied from another agent: its hooks never fire here under that name.
    otherAgent: '"{{event}}" is an event of {{agent}}, not of {{dialect}}, so its hooks never run; {{dialect}} calls it "{{instead}}"',
  },
  check({ spec, checked, report }) {
    const names = spec.events.map((event) => event.name);
    for (const event of checked.declarations.events) {
      if (event.spec !== null) continue;
      const data = { dialect: spec.dialect, event: event.name };
      const where = { pos: event.keyPos, invalidates: event.value };
      const foreign = Object.hasOwn(spec.otherAgentEvents ?? {}, event.name) ? spec.otherAgentEvents![event.name] : undefined;
      if (foreign !== undefined) {
        report({ messageId: 'otherAgent', data: { ...data, ...foreign }, ...where });
        continue;
      }
      const suggestion = didYouMean(event.name, names);
      if (suggestion !== null) report({ messageId: 'unknownDidYouMean', data: { ...data, suggestion }, ...where });
      else report({ messageId: 'unknown', data: { ...data, events: names.join(', ') }, ...where });
    }
  },
});
