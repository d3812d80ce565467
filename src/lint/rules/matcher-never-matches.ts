import { didYouMean } from '../../util/did-you-mean.js';
import { createRule } from '../rule.js';

const NEVER_MATCHES = 'matcher {{matcher}} matches no {{field}} of {{event}} ({{targets}}), so this hook never runs';

/** On events with a closed set of targets, a matcher that fits none of them can never fire. */
export const matcherNeverMatches = createRule({
  id: 'matcher-never-matches',
  severity: 'error',
  // The agent skips such a hook silently: loading config warns and runs the rest.
  loadSeverity: 'warning',
  description: 'a matcher that matches none of the values its event can have',
  atLoad: true,
  messages: {
    // {{matcher}} is a JSON string (quoted); {{field}} is the payload field matched, {{targets}} its values.
    neverMatches: NEVER_MATCHES,
    neverMatchesDidYouMean: `${NEVER_MATCHES}; did you mean "{{suggestion}}"?`,
  },
  check({ checked, report }) {
    for (const event of checked.declarations.events) {
      const targets = event.spec?.closedTargets;
      if (!targets) continue;
      for (const group of event.groups) {
        const matcher = group.compiled?.ok ? group.compiled.matcher : null;
        if (matcher === null || matcher.source === null || targets.some((target) => matcher.test(target))) continue;
        const field = String(event.spec!.matcherField);
        const data = { matcher: JSON.stringify(matcher.source), field, event: event.name, targets: targets.join(', ') };
        const suggestion = didYouMean(matcher.source, targets);
        const pos = group.matcher!.value.pos;
        if (suggestion === null) report({ messageId: 'neverMatches', data, pos });
        else report({ messageId: 'neverMatchesDidYouMean', data: { ...data, suggestion }, pos });
      }
    }
  },
});
