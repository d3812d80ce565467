import { ruleMeta, type Rule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

/** Timeouts are in seconds; `30000` is 8 hours, almost certainly meant as 30 s in milliseconds. */
export const timeoutSuspicious: Rule = {
  meta: ruleMeta('timeout-suspicious', 'warning', 'a timeout in seconds so large it was probably meant as milliseconds'),
  atLoad: true,
  check({ spec, checked, report }) {
    for (const node of timeoutsWithIssue(checked.declarations.handlers, spec.timeout, 'suspicious')) {
      const seconds = node.kind === 'scalar' ? Number(node.value) : 0;
      const hint = seconds % 1000 === 0 ? `; did you mean ${seconds / 1000}?` : '';
      report({
        message: `timeout ${seconds} is in seconds (${formatSpan(seconds)}); it looks like milliseconds${hint}`,
        pos: node.pos,
      });
    }
  },
};

function formatSpan(seconds: number): string {
  const hours = seconds / 3600;
  return hours >= 1 ? `about ${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}` : `about ${Math.round(seconds / 60)} minutes`;
}
