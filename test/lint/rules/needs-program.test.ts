import { needsProgram } from '../../../src/lint/rules/needs-program.js';
import { CLAUDE_SETTINGS, CODEX_JSON, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

/** A hooks.json (codex) with one command on `event`. */
function groups(event: string, command: string): string {
  return `{\n  "hooks": {\n    "${event}": [\n      ${JSON.stringify({ hooks: [{ type: 'command', command }] })}\n    ]\n  }\n}\n`;
}

const JQ = { content: '#!/bin/sh\necho jq\n', executable: true };
/** A shell guard as guides write it: jq reads the command, and an empty one is let through. */
const GUARD_SH =
  "#!/usr/bin/env bash\n# needs jq\ncmd=$(jq -r '.tool_input.command // empty')\n" +
  'case "$cmd" in *"rm -rf"*) echo "blocked" >&2; exit 2 ;; esac\nexit 0\n';
const GUARD = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh';

const COPILOT_JQ = copilotHook('preToolUse', 'jq -r .toolArgs.command | grep -q rm');

new RuleTester().run(needsProgram, {
  valid: [
    { name: 'programs every machine has', files: { [CODEX_JSON]: groups('PreToolUse', 'python3 -c "import sys; sys.exit(0)" | cat') } },
    { name: 'a program named only as an argument', files: { [CODEX_JSON]: groups('Stop', 'echo "install jq and uv first"') } },
    {
      name: 'a script that is not a shell script',
      files: {
        [CLAUDE_SETTINGS]: groups('PreToolUse', 'node "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.mjs'),
        'project/.claude/hooks/guard.mjs': "// calls jq\nconsole.log('jq')\n",
      },
    },
    {
      name: 'a script that checks for the program first decides for itself (the scaffolded sh template)',
      files: {
        [CLAUDE_SETTINGS]: groups('PreToolUse', GUARD),
        'project/.claude/hooks/guard.sh': {
          content:
            '#!/bin/sh\npayload=$(cat)\nif command -v jq >/dev/null 2>&1; then\n' +
            '  name=$(printf %s "$payload" | jq -r .tool_name)\nfi\nexit 0\n',
          executable: true,
        },
      },
    },
  ],
  invalid: [
    {
      // Issue 42: on copilot's preToolUse any failure denies, so a missing jq is no fail-open.
      name: 'copilot: the bash command, where any failure denies',
      files: { [COPILOT_JSON]: COPILOT_JQ.text },
      env: { PATH: '' },
      errors: [
        {
          messageId: 'unavailable',
          ...COPILOT_JQ.at,
          data: {
            program: 'jq',
            where: '',
            failure: 'without it jq exits 127 (command not found), and on preToolUse any failure denies every tool call it matches',
          },
        },
      ],
    },
    {
      name: 'jq in a shell guard, not on PATH: the guard fails open',
      files: { [CLAUDE_SETTINGS]: groups('PreToolUse', GUARD), 'project/.claude/hooks/guard.sh': { content: GUARD_SH, executable: true } },
      env: { PATH: '<root>/bin' },
      errors: [
        {
          messageId: 'unavailable',
          line: 4,
          column: 45,
          severity: 'warning',
          message:
            'the hook needs jq (in <root>/project/.claude/hooks/guard.sh), which is not on PATH here; ' +
            'without it jq exits 127 (command not found), ' +
            'which the agent takes as a non-blocking error: this PreToolUse guard fails open',
        },
      ],
    },
    {
      name: 'the same guard where jq is on PATH: an info note',
      files: {
        [CLAUDE_SETTINGS]: groups('PreToolUse', GUARD),
        'project/.claude/hooks/guard.sh': { content: GUARD_SH, executable: true },
        'bin/jq': JQ,
      },
      env: { PATH: '<root>/bin' },
      errors: [
        {
          messageId: 'available',
          line: 4,
          column: 45,
          severity: 'info',
          data: { program: 'jq', where: ' (in <root>/project/.claude/hooks/guard.sh)', failure: /guard fails open$/ },
        },
      ],
    },
    {
      name: 'uv and bun inline, on an event that cannot block',
      files: { [CODEX_JSON]: groups('SessionStart', 'uv run --script .codex/hooks/fmt.py && bun x prettier --write .') },
      env: { PATH: '<root>/bin' },
      errors: [
        {
          messageId: 'unavailable',
          line: 4,
          column: 45,
          data: { program: 'uv', where: '', failure: 'without it the hook fails with 127 (command not found)' },
        },
        {
          messageId: 'unavailable',
          line: 4,
          column: 45,
          data: { program: 'bun', where: '', failure: 'without it the hook fails with 127 (command not found)' },
        },
      ],
    },
    {
      name: 'deno in a command substitution on Stop (a codex guard event)',
      files: { [CODEX_JSON]: groups('Stop', 'test "$(deno run -A .codex/hooks/done.ts)" = ok') },
      errors: [
        { messageId: 'unavailable', line: 4, column: 45, data: { program: 'deno', where: '', failure: /this Stop guard fails open$/ } },
      ],
    },
  ],
});
