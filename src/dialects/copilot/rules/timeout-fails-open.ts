import { scalarField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';
import { hookCode, whereIn } from './hook-code.js';

/** sh `sleep N[smhd]` as a command of its own, Python `time.sleep(N)`: N in seconds. */
const SLEEP = new RegExp(
  String.raw`(?:^|[;&|{(]|\b(?:then|else|do)\b)[ \t]*sleep[ \t]+(\d+(?:\.\d+)?)([smhd]?)(?=[ \t]*(?:$|[;&|)}#]))` +
    String.raw`|\btime\.sleep\(\s*(\d+(?:\.\d+)?)\s*\)`,
  'gm',
);

const UNIT_SECONDS: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/** The event where a timed-out hook allows the tool call (test/agents/copilot/cases.ts, "a timeout allows (fail-open)"). */
const GUARD_EVENT = 'preToolUse';

/**
 * A guard that waits out its own timeout (issue 42). When a preToolUse hook runs past `timeoutSec`
 * (30 s unset, per the docs), Copilot CLI stops it and lets the tool call through. The trigger is
 * precise on purpose: a literal `sleep` (or `time.sleep`) at least as long as the timeout, in the
 * `bash` command or the script it runs. Whatever follows it on that path, the deny comes too late;
 * a shorter or computed wait is not judged.
 */
export const timeoutFailsOpen = createRule({
  id: 'timeout-fails-open',
  severity: 'error',
  description: 'a preToolUse guard that sleeps at least its timeout, and Copilot CLI lets the call through when a hook times out',
  atLoad: false,
  messages: {
    // {{sleep}} as written; {{where}} empty or " (in <script> line N)"; {{timeout}} the timeout and where it comes from.
    sleepsPastTimeout:
      'the hook runs {{sleep}}{{where}}, at least its timeout ({{timeout}}), and when a preToolUse hook times out ' +
      'Copilot CLI lets the tool call through: the guard allows what it was meant to stop; ' +
      'make the check finish well within the timeout, or raise timeoutSec above the wait',
  },
  check({ spec, checked, projectDir, showPath, report }) {
    const defaultSeconds = spec.timeout.defaultMs / 1000;
    for (const handler of checked.declarations.handlers) {
      if (handler.group.event.name !== GUARD_EVENT) continue;
      const written = scalarField(handler.node, 'timeoutSec', 'number');
      const seconds = written !== undefined && written > 0 ? written : defaultSeconds;
      const timeout = written !== undefined && written > 0 ? `timeoutSec ${written}` : `${defaultSeconds} s when timeoutSec is unset`;
      for (const code of hookCode(spec, checked.file, handler.node, projectDir)) {
        const sleep = longSleep(code.text, seconds);
        if (sleep === null) continue;
        report({
          messageId: 'sleepsPastTimeout',
          data: { sleep: sleep.text, where: whereIn(code, sleep.index, showPath), timeout },
          pos: code.pos,
        });
        break;
      }
    }
  },
});

/** The first literal sleep of at least `seconds`, comments aside. */
function longSleep(text: string, seconds: number): { text: string; index: number } | null {
  const code = text.replace(/(^|\s)#[^\n]*/g, (comment, lead: string) => lead + ' '.repeat(comment.length - lead.length));
  for (const match of code.matchAll(SLEEP)) {
    const value = Number(match[1] ?? match[3]) * UNIT_SECONDS[match[2] ?? '']!;
    if (value >= seconds)
      return { text: JSON.stringify(match[0].trim().replace(/^[;&|{(]\s*|^(?:then|else|do)\s+/, '')), index: match.index };
  }
  return null;
}
