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
    // The agent accepts it, but hookctl runs regexes only in linear time (SPEC §6.1) and cannot carry this one over.
    unsupportedRegex: 'matcher {{matcher}} cannot be evaluated in linear time ({{error}}), so hookctl skips the hooks of this group; rewrite it without that construct',
  },
  check({ checked, report }) {
    for (const event of checked.declarations.events) {
      for (const group of event.groups) {
        if (group.compiled?.ok !== false || group.matcher === undefined) continue;
        const text = group.matcher.value.kind === 'scalar' ? String(group.matcher.value.value) : '';
        report({
          messageId: group.compiled.unsupported ? 'unsupportedRegex' : 'invalidRegex',
          data: { matcher: JSON.stringify(text), error: group.compiled.error },
          pos: group.matcher.value.pos,
          invalidates: group.node,
        });
      }
    }
  },
});
