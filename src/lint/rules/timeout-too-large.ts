import { MAX_TIMER_MS } from '../../util/timer-delay.js';
import { createRule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';
import { parseGoDuration } from '../../config/go-duration.js';

const TOO_LARGE =
  'timeout {{seconds}} s ({{span}}) is longer than hookctl can wait ({{max}} s, about 24.8 days); the hook is stopped after that';

/**
 * A timeout no timer can hold (over 2^31 − 1 ms, about 24.8 days). Node's timers overflow past
 * that and fire at once, which used to kill the hook immediately and lose its decision; the runner
 * now waits the longest it can instead, so the value written is not the value used (SPEC 6.1.4).
 */
export const timeoutTooLarge = createRule({
  id: 'timeout-too-large',
  severity: 'error',
  description: 'a timeout longer than a timer can hold (about 24.8 days)',
  atLoad: true,
  messages: {
    // {{span}} is the time in days ("about 35 days"); {{max}} the longest wait in whole seconds.
    tooLarge: TOO_LARGE,
    // A whole number of thousands reads back as seconds: 3000000 → 3000.
    tooLargeDidYouMean: `${TOO_LARGE}; if that was milliseconds, write {{meant}}`,
    // A dialect whose timeouts are in milliseconds: the value in its own unit, the longest wait too.
    tooLargeMilliseconds:
      'timeout {{value}} ms ({{span}}) is longer than hookctl can wait ({{maxMs}} ms, about 24.8 days); the hook is stopped after that',
  },
  check({ spec, checked, report }) {
    for (const node of timeoutsWithIssue(checked.declarations.handlers, spec.timeout, 'too-large')) {
      const value = node.kind === 'scalar' ? node.value : null;
      if (spec.timeout.unit === 'milliseconds') {
        const data = { value: Number(value), span: `about ${Math.round(Number(value) / 86_400_000).toLocaleString('en-US')} days` };
        report({ messageId: 'tooLargeMilliseconds', data: { ...data, maxMs: MAX_TIMER_MS }, pos: node.pos });
        continue;
      }
      const seconds =
        typeof value === 'number' ? value : Math.round((typeof value === 'string' ? (parseGoDuration(value) ?? 0) : 0) / 1000);
      const data = {
        seconds,
        span: `about ${Math.round(seconds / 86_400).toLocaleString('en-US')} days`,
        max: Math.floor(MAX_TIMER_MS / 1000),
      };
      const pos = node.pos;
      if (spec.timeout.unit === 'seconds' && seconds % 1000 === 0)
        report({ messageId: 'tooLargeDidYouMean', data: { ...data, meant: seconds / 1000 }, pos });
      else report({ messageId: 'tooLarge', data, pos });
    }
  },
});
