import { createRule } from '../rule.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

const LOOKS_LIKE_MILLISECONDS = 'timeout {{seconds}} is in seconds ({{span}}); it looks like milliseconds';

/** Below this many milliseconds a hook is stopped before its program has started (node alone takes ~40 ms). */
const NOTHING_MS = 100;

/** Timeouts are in seconds; `30000` is 8 hours, almost certainly meant as 30 s in milliseconds. */
export const timeoutSuspicious = createRule({
  id: 'timeout-suspicious',
  severity: 'warning',
  description:
    'a timeout in seconds so large it was probably meant as milliseconds ' +
    '(an error for milliseconds so few the hook is stopped before it starts)',
  atLoad: true,
  messages: {
    // {{span}} is the time in words ("about 8 hours").
    looksLikeMilliseconds: LOOKS_LIKE_MILLISECONDS,
    // A whole number of thousands reads back as seconds: 30000 → 30.
    looksLikeMillisecondsDidYouMean: `${LOOKS_LIKE_MILLISECONDS}; did you mean {{meant}}?`,
    // A dialect whose timeouts are in milliseconds (gemini): a small value was probably written in seconds.
    looksLikeSeconds: 'timeout {{value}} is in milliseconds ({{value}} ms); it looks like seconds: {{value}} s would be {{meant}}',
  },
  check({ spec, checked, report }) {
    for (const node of timeoutsWithIssue(checked.declarations.handlers, spec.timeout, 'suspicious', spec.timeout.byEvent)) {
      if (spec.timeout.unit === 'milliseconds') {
        const value = node.kind === 'scalar' ? Number(node.value) : 0;
        // Under 100 ms the hook is stopped before a process has started: a guard capped to nothing is an
        // error in lint (issue 39); loading warns, as the agent runs it and kills it.
        const nothing = value < NOTHING_MS ? ({ severity: 'error', loadSeverity: 'warning' } as const) : {};
        report({ messageId: 'looksLikeSeconds', data: { value, meant: value * 1000 }, pos: node.pos, ...nothing });
        continue;
      }
      const seconds = node.kind === 'scalar' ? Number(node.value) : 0;
      const data = { seconds, span: formatSpan(seconds) };
      const pos = node.pos;
      if (seconds % 1000 === 0) report({ messageId: 'looksLikeMillisecondsDidYouMean', data: { ...data, meant: seconds / 1000 }, pos });
      else report({ messageId: 'looksLikeMilliseconds', data, pos });
    }
  },
});

function formatSpan(seconds: number): string {
  const hours = seconds / 3600;
  return hours >= 1 ? `about ${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}` : `about ${Math.round(seconds / 60)} minutes`;
}
