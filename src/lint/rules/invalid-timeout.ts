import { ruleMeta, type Rule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

/**
 * octo falls back to the default for a bad duration, so `timeout: 20` silently becomes 5s;
 * openinterpreter raises a timeout of 0 to one second.
 */
export const invalidTimeout: Rule = {
  meta: ruleMeta('invalid-timeout', 'warning', 'a timeout the agent does not use as written (octo: not a positive Go duration; openinterpreter: 0)'),
  atLoad: true,
  check({ spec, checked, report }) {
    const rule = spec.timeout;
    if (rule.unit === 'seconds') {
      // Codex: codex-rs/hooks/src/engine/discovery.rs normalize_command_hook raises 0 to 1.
      for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'raised')) {
        report({ message: 'timeout 0 is raised to 1 second, as the agent does; write the timeout you mean', pos: node.pos });
      }
      return;
    }
    for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'invalid')) {
      // A timeout of the wrong shape (a table, a list) is the invalid-value rule's finding.
      if (node.kind !== 'scalar') continue;
      const value = node.value;
      const hint = typeof value === 'number' && value > 0 ? unitHint(value) : '; write a duration such as "10s", "1.5s" or "1m30s"';
      report({
        message: `timeout ${JSON.stringify(value)} is not a positive Go duration, so the default ${rule.defaultMs / 1000}s applies${hint}`,
        pos: node.pos,
      });
    }
  },
};

/** A bare number needs a unit; from 1000 up it was most likely meant as milliseconds. */
function unitHint(value: number): string {
  return value >= 1000
    ? `; a duration needs a unit: write "${value}ms" (${value / 1000}s) if that was milliseconds`
    : `; a duration needs a unit: write "${value}s"`;
}
