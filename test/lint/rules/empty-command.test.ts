import { emptyCommand } from '../../../src/lint/rules/empty-command.js';
import { OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

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
      name: 'a missing and a blank command in JSON',
      files: { [OI_JSON]: '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command" }, { "type": "command", "command": "  " }] }]\n  }\n}\n' },
      errors: [
        { messageId: 'noCommand', line: 3, column: 26, data: { event: 'Stop' }, message: NO_COMMAND },
        { messageId: 'blankCommand', line: 3, column: 81, message: BLANK },
      ],
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
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = ""\n' },
      errors: [
        { messageId: 'noCommand', line: 2, column: 1, message: NO_COMMAND },
        { messageId: 'blankCommand', line: 6, column: 11, message: BLANK },
      ],
    },
  ],
});
