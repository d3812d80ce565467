import { onErrorOf } from '../../config/agent-rejection.js';
import { createRule } from '../rule.js';

/**
 * SPEC 2.3: an invalid regex is never silently swallowed. openinterpreter skips the group, as Codex
 * does (codex-rs/hooks/src/engine/discovery.rs: `invalid matcher … in <file>: <error>`); octo
 * refuses to start with the configuration (SPEC 3.2).
 */
export const invalidMatcher = createRule({
  id: 'invalid-matcher',
  severity: 'error',
  description: 'a matcher regex that does not compile',
  atLoad: true,
  messages: {
    // {{matcher}} is a JSON string (quoted); {{error}} is the agent's regex engine's reason.
    invalidRegex: 'matcher {{matcher}} is not a valid regular expression ({{error}}); the hooks of this group never run',
    // The agent accepts it, but hookctl runs regexes only in linear time (SPEC §6.1) and cannot carry this one over.
    unsupportedRegex:
      'matcher {{matcher}} cannot be evaluated in linear time ({{error}}), so hookctl skips the hooks of this group; ' +
      'rewrite it without that construct',
    // {{dialect}}: a dialect whose runtime refuses a configuration with an error (octo).
    invalidRegexRefused:
      'matcher {{matcher}} is not a valid regular expression ({{error}}); {{dialect}} refuses to start with this configuration',
  },
  check({ spec, checked, report }) {
    for (const event of checked.declarations.events) {
      for (const group of event.groups) {
        if (group.compiled?.ok !== false || group.matcher === undefined) continue;
        const text = group.matcher.value.kind === 'scalar' ? String(group.matcher.value.value) : '';
        const data = { matcher: JSON.stringify(text), error: group.compiled.error };
        const where = { pos: group.matcher.value.pos, invalidates: group.node };
        if (group.compiled.unsupported) report({ messageId: 'unsupportedRegex', data, ...where });
        else if (onErrorOf(spec) === 'refuse')
          report({ messageId: 'invalidRegexRefused', data: { ...data, dialect: spec.dialect }, ...where });
        else report({ messageId: 'invalidRegex', data, ...where });
      }
    }
  },
});
