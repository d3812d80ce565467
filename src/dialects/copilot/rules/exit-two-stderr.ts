import { createRule } from '../../../config/rule.js';
import { hookCode, whereIn } from './hook-code.js';

/** Exit code 2: sh `exit 2` as a command of its own, Python `sys.exit(2)`, Node `process.exit(2)` / `process.exitCode = 2`. */
const EXIT_TWO =
  /(?:^|[;&|{(]|\b(?:then|else|do)\b)[ \t]*exit[ \t]+2(?![\w.])|\b(?:sys\.)?exit\(\s*2\s*\)|\bprocess\.exit(?:\(\s*2\s*\)|Code\s*=\s*2\b)/m;

/** Writing to stderr: `>&2`, /dev/stderr, Python's sys.stderr, Node's console.error / process.stderr. */
const WRITES_STDERR = /\d?>&2\b|\/dev\/stderr|\bsys\.stderr\b|\bconsole\.error\(|\bprocess\.stderr\b/;

/** The event where a guard's exit 2 denies (test/agents/copilot: "exit 2 denies with \"hook exited with code 2\""). */
const GUARD_EVENT = 'preToolUse';

/**
 * Exit 2 written the way Claude Code hooks are (issue 42), on Copilot CLI where it means something
 * else. On preToolUse it denies, but with the fixed reason "hook exited with code 2": the model never
 * sees the reason written to stderr (test/agents/copilot/cases.ts, "stderr is not the reason"), so it
 * cannot tell why, and tries again or gives up. On the events where exit 2 blocks nothing
 * (`exitTwoIgnored`: userPromptSubmitted, agentStop) a script's exit 2 is reported here; a `bash`
 * command's own is output-ignored's.
 */
export const exitTwoStderr = createRule({
  id: 'exit-two-stderr',
  severity: 'warning',
  description: 'a Copilot hook that exits 2 with its reason on stderr, which the model never sees, or on an event exit 2 cannot block',
  atLoad: false,
  messages: {
    // {{where}}: empty, or " (in <script> line N)".
    reasonLost:
      'the hook exits 2{{where}} with a reason on stderr, but Copilot CLI denies a preToolUse call on exit 2 with the fixed ' +
      '"hook exited with code 2" and never shows stderr to the model, which cannot tell why; ' +
      'print {"permissionDecision":"deny","permissionDecisionReason":"…"} and exit 0',
    // {{effect}}: what the agent does with exit 2 on this event, a clause naming the agent.
    notBlocked: 'the hook exits 2{{where}} to block, but exit 2 cannot block {{event}}: {{effect}}, and the {{event}} goes on',
  },
  check({ spec, checked, projectDir, showPath, report }) {
    const ignored = spec.lint?.exitTwoIgnored ?? {};
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.name;
      const notBlocking = Object.hasOwn(ignored, event);
      if (event !== GUARD_EVENT && !notBlocking) continue;
      for (const code of hookCode(spec, checked.file, handler.node, projectDir)) {
        const exit = EXIT_TWO.exec(code.text);
        if (exit === null) continue;
        const where = whereIn(code, exit.index + exit[0].search(/exit/i), showPath);
        if (notBlocking) {
          // The command's own exit 2 there is output-ignored's finding.
          if (code.script === null) continue;
          report({ messageId: 'notBlocked', data: { where, event, effect: ignored[event]! }, pos: code.pos });
          break;
        }
        // A hook that prints the decision as well knows the JSON answer: its stderr is a log, not the reason.
        if (!WRITES_STDERR.test(code.text) || /permissionDecision/.test(code.text)) continue;
        report({ messageId: 'reasonLost', data: { where }, pos: code.pos });
        break;
      }
    }
  },
});
