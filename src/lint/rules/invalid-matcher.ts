import { ruleMeta, type Rule } from '../rule.js';

/** SPEC 2.3: an invalid regex is never silently swallowed; its group is skipped. */
export const invalidMatcher: Rule = {
  meta: ruleMeta('invalid-matcher', 'error', 'a matcher regex that does not compile'),
  atLoad: true,
  check({ checked, report }) {
    for (const event of checked.declarations.events) {
      for (const group of event.groups) {
        if (group.compiled?.ok !== false || group.matcher === undefined) continue;
        const text = group.matcher.value.kind === 'scalar' ? String(group.matcher.value.value) : '';
        report({
          message: `matcher ${JSON.stringify(text)} is not a valid regular expression (${group.compiled.error}); the hooks of this group never run`,
          pos: group.matcher.value.pos,
          invalidates: group.node,
        });
      }
    }
  },
};
