import { MAX_TIMER_MS } from '../../util/timer-delay.js';
import { ruleMeta, type Rule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

/**
 * A timeout no timer can hold (over 2^31 − 1 ms, about 24.8 days). Node's timers overflow past
 * that and fire at once, which used to kill the hook immediately and lose its decision; the runner
 * now waits the longest it can instead, so the value written is not the value used.
 */
export const timeoutTooLarge: Rule = {
  meta: ruleMeta('timeout-too-large', 'error', 'a timeout longer than a timer can hold (about 24.8 days)'),
  atLoad: true,
  check({ spec, checked, report }) {
    for (const node of timeoutsWithIssue(checked.declarations.handlers, spec.timeout, 'too-large')) {
      const value = node.kind === 'scalar' ? node.value : null;
      const written = spec.timeout.unit === 'seconds' ? `${value} s (${days(Number(value) * 1000)})` : JSON.stringify(value);
      const hint = spec.timeout.unit === 'seconds' && Number(value) % 1000 === 0 ? `; if that was milliseconds, write ${Number(value) / 1000}` : '';
      report({
        message:
          `timeout ${written} is longer than hookctl can wait (${Math.floor(MAX_TIMER_MS / 1000)} s, about 24.8 days); ` +
          `the hook is stopped after that${hint}`,
        pos: node.pos,
      });
    }
  },
};

function days(ms: number): string {
  return Number.isFinite(ms) ? `about ${Math.round(ms / 86_400_000).toLocaleString('en-US')} days` : 'forever';
}
