import { outputIgnored } from '../../../src/lint/rules/output-ignored.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OI_JSON, RuleTester } from '../rule-tester.js';

/** A hooks file with one command on `event`. */
function groups(event: string, command: string): string {
  return `{\n  "hooks": {\n    "${event}": [\n      ${JSON.stringify({ hooks: [{ type: 'command', command }] })}\n    ]\n  }\n}\n`;
}

new RuleTester().run(outputIgnored, {
  valid: [
    { name: 'exit 2 where it blocks', files: { [CLAUDE_SETTINGS]: groups('PreToolUse', 'grep -q "rm -rf" && exit 2 || exit 0') } },
    { name: 'exit 0 on an event that cannot block', files: { [CLAUDE_SETTINGS]: groups('SessionStart', 'git status --short; exit 0') } },
    { name: 'a 2 that is not an exit code', files: { [CLAUDE_SETTINGS]: groups('SessionEnd', 'sleep 2; echo exit 2 >> log') } },
    { name: 'codex: exit 2 on Stop continues the turn', files: { [CODEX_JSON]: groups('Stop', 'test -f DONE || exit 2') } },
  ],
  invalid: [
    {
      name: 'claude: exit 2 on SessionStart blocks nothing',
      files: { [CLAUDE_SETTINGS]: groups('SessionStart', 'test -f .env || { echo "missing .env" >&2; exit 2; }') },
      errors: [
        {
          messageId: 'exitTwoIgnored',
          line: 4,
          column: 45,
          message:
            'the command exits 2 to block, but SessionStart cannot be blocked: Claude Code shows stderr to the user as a hook error, ' +
            'and the SessionStart goes on',
        },
      ],
    },
    {
      name: 'codex: exit 2 on SubagentStart',
      files: { [CODEX_JSON]: groups('SubagentStart', 'if [ -z "$CI" ]; then exit 2; fi') },
      errors: [
        {
          messageId: 'exitTwoIgnored',
          line: 4,
          column: 45,
          data: { event: 'SubagentStart', effect: 'Codex takes it as a failure without effect' },
        },
      ],
    },
    {
      name: 'openinterpreter: exit 2 on PreCompact',
      files: { [OI_JSON]: groups('PreCompact', 'exit 2') },
      errors: [
        {
          messageId: 'exitTwoIgnored',
          line: 4,
          column: 45,
          data: { event: 'PreCompact', effect: 'the agent gives it no special meaning' },
        },
      ],
    },
  ],
});
