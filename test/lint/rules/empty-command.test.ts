import { emptyCommand } from '../../../src/lint/rules/empty-command.js';
import { CLAUDE_CODE } from '../../../src/dialects/claude/agent-version.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const NO_COMMAND = 'this Stop hook has no "command"';
const BLANK = '"command" is blank; give the command to run';

new RuleTester().run(emptyCommand, {
  valid: [
    {
      name: 'a command, and a handler type that takes none, in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }, { "type": "agent" }] }] } }' },
    },
    { name: 'a command in YAML', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: x\n' } },
    { name: 'a command in TOML', files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n' } },
  ],
  invalid: [
    {
      // Codex deserialises a command handler with `command: String` (codex-rs/config/src/hook_config.rs):
      // without it the whole file fails to load. A blank one is skipped alone (discovery.rs "skipping
      // empty hook command"). An unknown event is not read at all.
      name: 'a missing and a blank command in JSON',
      files: {
        [OI_JSON]:
          '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command" }, { "type": "command", "command": "  " }] }],\n' +
          '    "Stopp": [{ "hooks": [{ "type": "command" }] }]\n  }\n}\n',
      },
      errors: [
        {
          messageId: 'noCommandFileIgnored',
          line: 3,
          column: 26,
          data: { clause: 'the agent ignores this whole file', event: 'Stop' },
          message: `the agent ignores this whole file: ${NO_COMMAND}`,
        },
        { messageId: 'blankCommand', line: 3, column: 81, message: BLANK },
        { messageId: 'noCommand', line: 4, column: 27, data: { event: 'Stopp' } },
      ],
    },
    {
      name: 'codex too',
      files: { [CODEX_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command" }] }] } }' },
      errors: [{ messageId: 'noCommandFileIgnored', line: 1, column: 35 }],
    },
    {
      // Claude Code repairs a settings file entry by entry (test/agents/claude "broken" cases): a Stop
      // handler without a command is dropped alone; a blank command loads (it runs nothing).
      name: 'claude: a Stop handler without a command is dropped alone; a blank one is only reported',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command" }, { "type": "command", "command": "" }] }] } }' },
      errors: [
        {
          messageId: 'noCommandIgnored',
          line: 1,
          column: 35,
          message: `${CLAUDE_CODE} ignores this Stop hook alone: this Stop hook has no "command"`,
        },
        { messageId: 'blankCommand', line: 1, column: 90, message: BLANK },
      ],
    },
    {
      // On a guard event Claude Code skips the whole file, its settings too.
      name: 'claude: a PreToolUse handler without a command skips the whole file',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command" }] }] } }' },
      errors: [
        {
          messageId: 'noCommandIgnored',
          line: 1,
          column: 41,
          message:
            `${CLAUDE_CODE} skips this whole file, its settings too (a PreToolUse entry it cannot load may be what guards them): ` +
            'this PreToolUse hook has no "command"',
        },
      ],
    },
    {
      // Managed settings are repaired entry by entry (cc managed §Invalid entries in managed settings).
      name: 'claude: in managed settings only the handler is lost',
      files: { 'project/.claude/managed-settings.json': '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command" }] }] } }' },
      errors: [{ messageId: 'noCommand', line: 1, column: 35 }],
    },
    {
      name: 'a missing and a blank command in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - async: true\n    - command: ""\n' },
      errors: [
        { messageId: 'noCommand', line: 3, column: 7, message: NO_COMMAND },
        { messageId: 'blankCommand', line: 4, column: 16, message: BLANK },
      ],
    },
    {
      name: 'a missing and a blank command in TOML',
      files: {
        [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = ""\n',
      },
      errors: [
        { messageId: 'noCommandFileIgnored', line: 2, column: 1, message: `the agent ignores every hook in this file: ${NO_COMMAND}` },
        { messageId: 'blankCommand', line: 6, column: 11, message: BLANK },
      ],
    },
  ],
});
