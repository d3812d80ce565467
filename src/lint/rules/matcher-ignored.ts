import { createRule } from '../rule.js';

/** A matcher on an event without a matcher target looks like a filter but selects nothing. */
export const matcherIgnored = createRule({
  id: 'matcher-ignored',
  severity: 'warning',
  description: 'a matcher on an event that ignores matchers',
  atLoad: true,
  messages: {
    ignored: '{{event}} ignores matchers, so this hook runs on every {{event}}; matchers work on {{honoured}}',
  },
  check({ spec, checked, report }) {
    for (const event of checked.declarations.events) {
      if (event.spec === null || event.spec.matcherField !== null) continue;
      for (const group of event.groups) {
        const value = group.matcher?.value;
        if (value === undefined) continue;
        // `""`, `"*"` and `".*"` already mean "everything": nothing misleading about them.
        if (value.kind === 'scalar' && (value.value === '' || value.value === '*' || value.value === '.*')) continue;
        const honoured = spec.events.filter((candidate) => candidate.matcherField !== null).map((candidate) => candidate.name);
        report({ messageId: 'ignored', data: { event: event.name, honoured: honoured.join(', ') }, pos: group.matcher!.keyPos });
      }
    }
  },
});
