import { expect } from 'vitest';
import { unsetVariable } from '../../../src/lint/rules/unset-variable.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OCTO_YAML, positionOf, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

const claude = (event: string, command: string) =>
  `{ "hooks": { "${event}": [{ "hooks": [{ "type": "command", "command": ${JSON.stringify(command)} }] }] } }`;
const FILE_PATHS = claude('PostToolUse', 'prettier --write $CLAUDE_FILE_PATHS');
const ENV_FILE = claude('PreToolUse', 'echo "export A=1" >> "$CLAUDE_ENV_FILE"');
const PLUGIN_ROOT = claude('Stop', '${CLAUDE_PLUGIN_ROOT}/hooks/stop.sh');
const CODEX = claude('PreToolUse', 'node "$CLAUDE_PROJECT_DIR"/.codex/hooks/guard.mjs');
const ANY = expect.any(String);
const STDIN = 'the input as JSON on stdin';

const COPILOT_UNSET = copilotHook('preToolUse', 'echo "$CLAUDE_TOOL_INPUT" | grep -q rm');

new RuleTester().run(unsetVariable, {
  valid: [
    { name: 'the project dir', files: { [CLAUDE_SETTINGS]: claude('PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh') } },
    {
      name: 'CLAUDE_ENV_FILE on SessionStart',
      files: { [CLAUDE_SETTINGS]: claude('SessionStart', 'echo "export A=1" >> "$CLAUDE_ENV_FILE"') },
    },
    { name: "the user's own variables", files: { [CLAUDE_SETTINGS]: claude('Stop', '$HOME/bin/notify "$MY_TOKEN"') } },
    {
      name: 'the input read from stdin',
      files: { [CLAUDE_SETTINGS]: claude('PostToolUse', "jq -r '.tool_input.file_path' | xargs prettier --write") },
    },
    {
      name: 'codex: the git root',
      files: { [CODEX_JSON]: claude('PreToolUse', 'node "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.codex/hooks/g.mjs') },
    },
  ],
  invalid: [
    {
      name: 'copilot: the bash command (issue 42)',
      files: { [COPILOT_JSON]: COPILOT_UNSET.text },
      errors: [{ messageId: 'neverSet', ...COPILOT_UNSET.at }],
    },
    {
      name: 'codex: a plugin variable of no agent, in a project file (issue 39)',
      files: { [CODEX_JSON]: claude('Stop', 'node ${CODEX_PLUGIN_ROOT}/dist/stop.js') },
      errors: [
        {
          messageId: 'neverSet',
          line: 1,
          column: 67,
          data: { name: 'CODEX_PLUGIN_ROOT', instead: /PLUGIN_ROOT/, event: 'Stop', dialect: 'codex', set: /./ },
        },
      ],
    },
    {
      name: 'claude: a variable from blog posts',
      files: { [CLAUDE_SETTINGS]: FILE_PATHS },
      errors: [
        {
          messageId: 'neverSet',
          ...positionOf(FILE_PATHS, '"prettier'),
          message:
            '$CLAUDE_FILE_PATHS is never set by claude, so it expands to nothing ' +
            '(the input is JSON on stdin: read .tool_input.file_path); ' +
            `on PostToolUse claude sets $CLAUDE_PROJECT_DIR, $CLAUDE_CODE_SESSION_ID, $CLAUDECODE, and ${STDIN}`,
        },
      ],
    },
    {
      name: 'claude: CLAUDE_ENV_FILE where it is not set',
      files: { [CLAUDE_SETTINGS]: ENV_FILE },
      errors: [
        {
          messageId: 'notOnEvent',
          ...positionOf(ENV_FILE, '"echo'),
          data: {
            name: 'CLAUDE_ENV_FILE',
            events: 'SessionStart, Setup, CwdChanged, FileChanged',
            event: 'PreToolUse',
            dialect: 'claude',
            set: `$CLAUDE_PROJECT_DIR, $CLAUDE_CODE_SESSION_ID, $CLAUDECODE, and ${STDIN}`,
          },
        },
      ],
    },
    {
      name: 'claude: a plugin variable in project settings',
      files: { [CLAUDE_SETTINGS]: PLUGIN_ROOT },
      errors: [
        {
          messageId: 'pluginOnly',
          ...positionOf(PLUGIN_ROOT, '"${CLAUDE'),
          data: { name: 'CLAUDE_PLUGIN_ROOT', event: 'Stop', dialect: 'claude', set: ANY },
        },
      ],
    },
    {
      name: "codex: Claude's project dir",
      files: { [CODEX_JSON]: CODEX },
      errors: [
        {
          messageId: 'neverSet',
          ...positionOf(CODEX, '"node'),
          message:
            '$CLAUDE_PROJECT_DIR is never set by codex, so it expands to nothing ' +
            "(that is Claude Code's; this agent sets no project-dir variable: " +
            'use "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"); ' +
            'on PreToolUse codex sets no variable of its own: the input is JSON on stdin',
        },
      ],
    },
    {
      name: 'octo: the tool input as a variable',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: echo "$CLAUDE_TOOL_INPUT" | grep -q rm\n' },
      errors: [
        {
          messageId: 'neverSet',
          line: 3,
          column: 16,
          data: { name: 'CLAUDE_TOOL_INPUT', dialect: 'octo', event: 'PreToolUse', set: ANY, instead: ANY },
        },
      ],
    },
  ],
});
