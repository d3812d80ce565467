import { createRule } from '../rule.js';

/** SPEC 2.3: an invalid regex is never silently swallowed; its group is skipped. */
export const invalidMatcher = createRule({
  id: 'invalid-matcher',
  severity: 'error',
  description: 'a matcher regex that does not compile',
  atLoad: true,
  messages: {
    // {{matcher}} is a JSON string (quoted); {{error}} is the regex engine's reason.
    invalidRegex: 'matcher {{matcher}} is not a valid regular expression ({{error}}); the hooks of this group never run',
  },
  check({ checked, report }) {
    for (const event of checked.declarations.events) {
      for (const group of event.groups) {
        if (group.compiled?.ok !== false || group.matcher === undefined) continue;
        const text = group.matcher.value.kind === 'scalar' ? String(group.matcher.value.value) : '';
        report({
          messageId: 'invalidRegex',
          data: { matcher: JSON.stringify(text), error: group.compiled.error },
          pos: group.matcher.value.pos,
          invalidates: group.node,
        });
      }
    }
  },
});
