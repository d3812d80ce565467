import { createRule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

const NOT_A_DURATION = 'timeout {{value}} is not a positive Go duration, so the default {{defaultSeconds}}s applies';

/**
 * octo falls back to the default for a bad duration, so `timeout: 20` silently becomes 5s;
 * openinterpreter raises a timeout of 0 to one second.
 */
export const invalidTimeout = createRule({
  id: 'invalid-timeout',
  severity: 'warning',
  description:
    'a timeout the agent does not use as written ' +
    '(octo: not a positive Go duration; openinterpreter: 0; an error where it stops the hook at once)',
  atLoad: true,
  messages: {
    // {{value}} is the value as JSON: a number bare, text quoted.
    missingUnit: `${NOT_A_DURATION}; a duration needs a unit: write "{{value}}s"`,
    // From 1000 up a bare number was most likely meant as milliseconds.
    missingUnitMilliseconds: `${NOT_A_DURATION}; a duration needs a unit: write "{{value}}ms" ({{seconds}}s) if that was milliseconds`,
    notDuration: `${NOT_A_DURATION}; write a duration such as "10s", "1.5s" or "1m30s"`,
    zeroRaised: 'timeout 0 is raised to 1 second, as the agent does; write the timeout you mean',
    // A milliseconds timer (gemini): the agent's setTimeout fires at once for 0 or less.
    notPositiveMs: 'timeout {{value}} is not above 0 ms: the agent stops the hook at once; write the timeout you mean in milliseconds',
  },
  check({ spec, checked, report }) {
    const rule = spec.timeout;
    if (rule.unit === 'milliseconds') {
      for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'invalid')) {
        // The hook is stopped before it starts: a guard that never guards is an error in lint.
        const data = { value: JSON.stringify(node.kind === 'scalar' ? node.value : null) };
        report({ messageId: 'notPositiveMs', data, pos: node.pos, severity: 'error', loadSeverity: 'warning' });
      }
      return;
    }
    if (rule.unit === 'seconds') {
      // Codex: codex-rs/hooks/src/engine/discovery.rs normalize_command_hook raises 0 to 1.
      for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'raised'))
        report({ messageId: 'zeroRaised', pos: node.pos });
      return;
    }
    const defaultSeconds = rule.defaultMs / 1000;
    for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'invalid')) {
      // A timeout of the wrong shape (a table, a list) is the invalid-value rule's finding.
      if (node.kind !== 'scalar') continue;
      const value = node.value;
      if (typeof value !== 'number' || value <= 0) {
        report({ messageId: 'notDuration', data: { value: JSON.stringify(value), defaultSeconds }, pos: node.pos });
      } else if (value >= 1000) {
        report({ messageId: 'missingUnitMilliseconds', data: { value, defaultSeconds, seconds: value / 1000 }, pos: node.pos });
      } else {
        report({ messageId: 'missingUnit', data: { value, defaultSeconds }, pos: node.pos });
      }
    }
  },
});
