import { ruleMeta, type Rule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

/** octo caps every timeout; a longer one reads as a promise the engine does not keep. */
export const timeoutCapped: Rule = {
  meta: ruleMeta('timeout-capped', 'warning', 'a timeout above the maximum, which is capped'),
  atLoad: true,
  check({ spec, checked, report }) {
    const rule = spec.timeout;
    if (rule.unit !== 'go-duration') return;
    for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'capped')) {
      const value = node.kind === 'scalar' ? node.value : null;
      report({
        message: `timeout ${JSON.stringify(value)} is above the ${rule.maxMs / 1000}s maximum; the hook is stopped after ${rule.maxMs / 1000}s`,
        pos: node.pos,
      });
    }
  },
};
