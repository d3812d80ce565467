import { outputIgnored } from '../../../src/lint/rules/output-ignored.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OI_JSON, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

const GEMINI = 'project/.gemini/settings.json';

/** A hooks file with one command on `event`. */
function groups(event: string, command: string): string {
  return `{\n  "hooks": {\n    "${event}": [\n      ${JSON.stringify({ hooks: [{ type: 'command', command }] })}\n    ]\n  }\n}\n`;
}

const COPILOT_EXIT = copilotHook('agentStop', 'make -s check || exit 2');

new RuleTester().run(outputIgnored, {
  valid: [
    { name: 'exit 2 where it blocks', files: { [CLAUDE_SETTINGS]: groups('PreToolUse', 'grep -q "rm -rf" && exit 2 || exit 0') } },
    { name: 'exit 0 on an event that cannot block', files: { [CLAUDE_SETTINGS]: groups('SessionStart', 'git status --short; exit 0') } },
    { name: 'a 2 that is not an exit code', files: { [CLAUDE_SETTINGS]: groups('SessionEnd', 'sleep 2; echo exit 2 >> log') } },
    { name: 'codex: exit 2 on Stop continues the turn', files: { [CODEX_JSON]: groups('Stop', 'test -f DONE || exit 2') } },
    {
      name: 'gemini: exit 2 on BeforeAgent blocks the prompt',
      files: { [GEMINI]: groups('BeforeAgent', 'grep -q secret || exit 0; echo "a secret in the prompt" >&2; exit 2') },
    },
    {
      name: 'claude: a decision where PreToolUse has one, and context inside hookSpecificOutput',
      files: {
        [CLAUDE_SETTINGS]: groups(
          'PreToolUse',
          `echo '{"decision": "block", "reason": "no", "hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "x"}}'`,
        ),
      },
    },
    {
      name: 'printf turns \\" into a quote itself: not judged as no JSON',
      files: { [GEMINI]: groups('BeforeTool', `printf '{\\"decision\\":\\"allow\\"}'`) },
    },
    {
      name: 'gemini: exit 2 with a reason on stderr, or after a command that may write one',
      files: {
        [GEMINI]: groups('BeforeTool', `grep -q 'rm -rf' && { echo "no rm -rf" >&2; exit 2; }; grep 'sudo' && exit 2; exit 0`),
      },
    },
    {
      name: 'claude: a silent exit 2 blocks (Claude Code needs no reason)',
      files: { [CLAUDE_SETTINGS]: groups('PreToolUse', `grep -q 'rm -rf' && exit 2`) },
    },
    {
      name: 'jq reading its input (no -n) prints what the input holds: not judged',
      files: { [CLAUDE_SETTINGS]: groups('SessionStart', `jq '{decision: .d}'`) },
    },
    {
      name: 'a computed key, a **spread: the keys are not known',
      files: {
        [CLAUDE_SETTINGS]: groups(
          'SessionStart',
          `jq -n --arg k x '{($k): 1}'; python3 -c 'import json,os; print(json.dumps({**os.environ, "decision": "x"}))'`,
        ),
      },
    },
    {
      name: 'built output the event reads: jq -n hookSpecificOutput on PostToolUse, a here-document decision on Stop',
      files: {
        [CLAUDE_SETTINGS]: groups(
          'PostToolUse',
          `jq -n --arg c "$CTX" '{hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: $c}}'`,
        ),
        [CODEX_JSON]: groups('Stop', 'cat <<\'EOF\'\n{"decision": "block", "reason": "run the tests"}\nEOF'),
      },
    },
    {
      name: 'JSON built at run time is not judged',
      files: { [GEMINI]: groups('AfterTool', 'echo "{\\"additionalContext\\": \\"$X\\"}"') },
    },
  ],
  invalid: [
    {
      name: 'copilot: the bash command (issue 42)',
      files: { [COPILOT_JSON]: COPILOT_EXIT.text },
      errors: [{ messageId: 'exitTwoIgnored', ...COPILOT_EXIT.at }],
    },
    {
      name: 'gemini: a BeforeTool guard that exits 2 without a word blocks nothing (issue 39)',
      files: { [GEMINI]: groups('BeforeTool', `grep -qE 'rm -rf|git push --force' && exit 2 || exit 0`) },
      errors: [
        {
          messageId: 'silentExitTwo',
          line: 4,
          column: 45,
          message:
            'the command exits 2 without writing anything, and Gemini CLI blocks only when stdout or stderr holds a reason: ' +
            'with neither it reads no output and the BeforeTool goes on; write the reason to stderr (`echo "…" >&2; exit 2`)',
        },
      ],
    },
    {
      name: 'claude: jq -n builds a decision for SessionStart, which has none (issue 39)',
      files: { [CLAUDE_SETTINGS]: groups('SessionStart', `jq -nc --arg r "$REASON" '{decision: "block", reason: $r}'`) },
      errors: [
        { messageId: 'notInOutput', line: 4, column: 45, data: { key: '"decision"', event: 'SessionStart', keys: /^continue, / } },
        { messageId: 'notInOutput', line: 4, column: 45, data: { key: '"reason"', event: 'SessionStart', keys: /^continue, / } },
      ],
    },
    {
      name: "gemini: printf '%s' of additionalContext at the top level of AfterTool output",
      files: { [GEMINI]: groups('AfterTool', `printf '%s\\n' '{"additionalContext": "run the tests"}'`) },
      errors: [{ messageId: 'nestedKey', line: 4, column: 45, data: { key: '"additionalContext"', event: 'AfterTool' } }],
    },
    {
      name: 'gemini: a here-document whose values expand and whose keys do not',
      files: { [GEMINI]: groups('AfterTool', 'cat <<EOF\n{"additionalContext": "$(git status --short)"}\nEOF') },
      errors: [{ messageId: 'nestedKey', line: 4, column: 45, data: { key: '"additionalContext"', event: 'AfterTool' } }],
    },
    {
      name: 'claude: python json.dumps of a literal dict on a tool event',
      files: {
        [CLAUDE_SETTINGS]: groups('PostToolUse', `python3 -c 'import json; print(json.dumps({"additionalContext": "formatted"}))'`),
      },
      errors: [{ messageId: 'nestedKey', line: 4, column: 45, data: { key: '"additionalContext"', event: 'PostToolUse' } }],
    },
    {
      name: 'gemini: exit 2 on SessionStart is a deny that Gemini CLI never reads (issue 39)',
      files: { [GEMINI]: groups('SessionStart', 'test -f .env || { echo "no .env" >&2; exit 2; }') },
      errors: [
        {
          messageId: 'exitTwoIgnored',
          line: 4,
          column: 45,
          message:
            'the command exits 2 to block, but SessionStart cannot be blocked: Gemini CLI reads only additionalContext from it, ' +
            'and the SessionStart goes on',
        },
      ],
    },
    {
      name: 'gemini: JSON written with \\" inside single quotes is printed with its backslashes: no JSON at all (issue 39)',
      files: { [GEMINI]: groups('BeforeTool', `echo '{\\"decision\\":\\"allow\\"}'`) },
      errors: [
        {
          messageId: 'notJson',
          line: 4,
          column: 45,
          data: { text: JSON.stringify('{\\"decision\\":\\"allow\\"}'), reason: /^Expected property name/ },
        },
      ],
    },
    {
      name: 'gemini: additionalContext at the top level of AfterTool output, where Gemini reads it under hookSpecificOutput',
      files: { [GEMINI]: groups('AfterTool', `echo '{"additionalContext": "Run the linter before committing."}'`) },
      errors: [
        {
          messageId: 'nestedKey',
          line: 4,
          column: 45,
          message:
            'the JSON the command prints has "additionalContext" at the top level, where AfterTool output does not read it: ' +
            'put it in "hookSpecificOutput"',
        },
      ],
    },
    {
      name: 'claude: a decision on SessionStart, which has none',
      files: { [CLAUDE_SETTINGS]: groups('SessionStart', `printf '{"decision": "block", "reason": "no .env"}'`) },
      errors: [
        {
          messageId: 'notInOutput',
          line: 4,
          column: 45,
          data: { key: '"decision"', event: 'SessionStart', keys: /^continue, stopReason, / },
        },
        { messageId: 'notInOutput', line: 4, column: 45, data: { key: '"reason"', event: 'SessionStart', keys: /hookSpecificOutput$/ } },
      ],
    },
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
