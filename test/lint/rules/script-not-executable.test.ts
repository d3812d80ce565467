import { scriptNotExecutable } from '../../../src/lint/rules/script-not-executable.js';
import { OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const SCRIPT = 'project/scripts/guard.sh';
const PLAIN = { [SCRIPT]: '#!/bin/sh\nexit 0\n' };
const EXECUTABLE = { [SCRIPT]: { content: '#!/bin/sh\nexit 0\n', executable: true } };
const MESSAGE =
  '"./scripts/guard.sh" is not executable, so running it fails with "permission denied"; ' +
  'run chmod +x ./scripts/guard.sh (or call it through its interpreter, e.g. sh ./scripts/guard.sh)';

new RuleTester().run(scriptNotExecutable, {
  valid: [
    {
      name: 'a script run through its interpreter in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "sh ./scripts/guard.sh" }] }] } }', ...PLAIN },
    },
    { name: 'an executable script in YAML', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: ./scripts/guard.sh\n', ...EXECUTABLE } },
    {
      name: 'an executable script in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "./scripts/guard.sh"\n', ...EXECUTABLE },
    },
  ],
  invalid: [
    {
      name: 'a directly run script without the execute bit in JSON',
      files: {
        [OI_JSON]: '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "./scripts/guard.sh" }] }]\n  }\n}\n',
        ...PLAIN,
      },
      errors: [{ messageId: 'notExecutable', line: 3, column: 58, data: { script: './scripts/guard.sh' }, message: MESSAGE }],
    },
    {
      name: 'a directly run script without the execute bit in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: ./scripts/guard.sh\n', ...PLAIN },
      errors: [{ messageId: 'notExecutable', line: 3, column: 16, message: MESSAGE }],
    },
    {
      name: 'a directly run script without the execute bit in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "./scripts/guard.sh"\n', ...PLAIN },
      errors: [{ messageId: 'notExecutable', line: 4, column: 11, message: MESSAGE }],
    },
    {
      name: 'every handler that runs the same script',
      files: {
        [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: ./scripts/guard.sh\n  PreCompact:\n    - command: ./scripts/guard.sh\n',
        ...PLAIN,
      },
      errors: [
        { messageId: 'notExecutable', line: 3, column: 16, message: MESSAGE },
        { messageId: 'notExecutable', line: 5, column: 16, message: MESSAGE },
      ],
    },
  ],
});
