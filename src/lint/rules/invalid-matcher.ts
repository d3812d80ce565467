import { ruleMeta, type Rule } from '../rule.js';

/**
 * SPEC 2.3: an invalid regex is never silently swallowed. openinterpreter skips the group, as
 * Codex does (codex-rs/hooks/src/engine/discovery.rs: `invalid matcher … in <file>: <error>`);
 * octo refuses to start with the configuration (SPEC 3.2).
 */
export const invalidMatcher: Rule = {
  meta: ruleMeta('invalid-matcher', 'error', 'a matcher regex that does not compile'),
  atLoad: true,
  check({ spec, checked, report }) {
    const effect = spec.onError === 'refuse' ? `${spec.dialect} refuses to start with this configuration` : 'the hooks of this group never run';
    for (const event of checked.declarations.events) {
      for (const group of event.groups) {
        if (group.compiled?.ok !== false || group.matcher === undefined) continue;
        const text = group.matcher.value.kind === 'scalar' ? String(group.matcher.value.value) : '';
        report({
          message: `matcher ${JSON.stringify(text)} is not a valid regular expression (${group.compiled.error}); ${effect}`,
          pos: group.matcher.value.pos,
          invalidates: group.node,
        });
      }
    }
  },
};
