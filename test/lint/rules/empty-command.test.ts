import { emptyCommand } from '../../../src/lint/rules/empty-command.js';
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
      // Claude validates a settings file as a whole (cc settings §Fix a broken settings file; cc#75081).
      // Claude Code 2.1.328 (test/agents/claude): a missing command drops only that event's hooks of the file.
      name: "claude: a missing command drops the event's hooks of the file, a blank one every hook of the file",
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command" }, { "type": "command", "command": "" }] }] } }' },
      errors: [
        {
          messageId: 'noCommandEventIgnored',
          line: 1,
          column: 35,
          message: 'the agent ignores every Stop hook in this file: this Stop hook has no "command"',
        },
        {
          messageId: 'blankCommandFileIgnored',
          line: 1,
          column: 90,
          message: 'the agent ignores every hook in this file: "command" is blank; give the command to run',
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
