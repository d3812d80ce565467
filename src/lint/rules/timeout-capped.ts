import { createRule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

/** octo caps every timeout; a longer one reads as a promise the engine does not keep. */
export const timeoutCapped = createRule({
  id: 'timeout-capped',
  severity: 'warning',
  description: 'a timeout above the maximum, which is capped',
  atLoad: true,
  messages: {
    // {{value}} is the value as JSON: a number bare, text quoted.
    capped: 'timeout {{value}} is above the {{maxSeconds}}s maximum; the hook is stopped after {{maxSeconds}}s',
  },
  check({ spec, checked, report }) {
    const rule = spec.timeout;
    if (rule.unit !== 'go-duration') return;
    for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'capped')) {
      const value = node.kind === 'scalar' ? node.value : null;
      report({ messageId: 'capped', data: { value: JSON.stringify(value), maxSeconds: rule.maxMs / 1000 }, pos: node.pos });
    }
  },
});
