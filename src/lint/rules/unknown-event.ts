import { didYouMean } from '../../util/did-you-mean.js';
import { createRule } from '../rule.js';

const IGNORED = 'unknown {{dialect}} event "{{event}}": {{agent}}, whose events hookctl knows, {{effect}} and the hook never runs';

/**
 * A misspelled event is the classic hook that silently never fires. It is an error where the agent
 * refuses the file for it (octo); where the agent ignores it (claude, codex, openinterpreter) it is a warning naming
 * the version hookctl knows, so a newer agent's new event does not break CI (issue 23).
 */
export const unknownEvent = createRule({
  id: 'unknown-event',
  severity: 'error',
  description: 'an event name the dialect does not have (a warning where the agent ignores it and no known event is close)',
  atLoad: true,
  messages: {
    unknownDidYouMean: 'unknown {{dialect}} event "{{event}}"; did you mean "{{suggestion}}"?',
    // Nothing is close: list the events instead.
    unknown: 'unknown {{dialect}} event "{{event}}"; the events are {{events}}',
    // A config copied from another agent: its hooks never fire here under that name.
    otherAgent: '"{{event}}" is an event of {{agent}}, not of {{dialect}}, so its hooks never run; {{dialect}} calls it "{{instead}}"',
    ignoredDidYouMean: `${IGNORED}; did you mean "{{suggestion}}"?`,
    ignored: `${IGNORED}; if a newer {{dialect}} has it, ignore this warning (hookctl.config.json "rules")`,
  },
  check({ spec, checked, report }) {
    const names = spec.events.map((event) => event.name);
    const ignored = spec.lint?.unknownEventIgnored;
    for (const event of checked.declarations.events) {
      if (event.spec !== null) continue;
      const data = { dialect: spec.dialect, event: event.name };
      const where = { pos: event.keyPos, invalidates: event.value };
      const others = spec.lint?.otherAgentEvents ?? {};
      const foreign = Object.hasOwn(others, event.name) ? others[event.name] : undefined;
      if (foreign !== undefined) {
        // Where the agent ignores an unknown event, loading warns and runs the rest, as the agent does.
        report({
          messageId: 'otherAgent',
          data: { ...data, ...foreign },
          ...(ignored ? { loadSeverity: 'warning' as const } : {}),
          ...where,
        });
        continue;
      }
      const suggestion = didYouMean(event.name, names);
      if (ignored !== undefined) {
        const more = { ...data, agent: ignored.agent, effect: ignored.effect };
        // A near match is a misspelling, not a newer agent's event: an error in lint, a warning when loading.
        if (suggestion !== null)
          report({ messageId: 'ignoredDidYouMean', data: { ...more, suggestion }, loadSeverity: 'warning', ...where });
        else report({ messageId: 'ignored', data: more, severity: 'warning', ...where });
      } else if (suggestion !== null) report({ messageId: 'unknownDidYouMean', data: { ...data, suggestion }, ...where });
      else report({ messageId: 'unknown', data: { ...data, events: names.join(', ') }, ...where });
    }
  },
});
