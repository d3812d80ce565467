import { scriptNotExecutable } from '../../../src/lint/rules/script-not-executable.js';
import { OCTO_YAML, OI_JSON, OI_TOML, ROOT, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

const SCRIPT = 'project/scripts/guard.sh';
const PLAIN = { [SCRIPT]: '#!/bin/sh\nexit 0\n' };
const EXECUTABLE = { [SCRIPT]: { content: '#!/bin/sh\nexit 0\n', executable: true } };
const MESSAGE =
  '"./scripts/guard.sh" is not executable, so running it fails with "permission denied"; ' +
  'run chmod +x ./scripts/guard.sh (or call it through its interpreter, e.g. sh ./scripts/guard.sh)';

/** The examples' upward search (issue 44): `exec "$d/REL"` runs the script found directly. */
const UPWARD =
  'd=$PWD; while [ -n "$d" ] && [ ! -f "$d/.octo/hooks/up.sh" ]; do d=${d%/*}; done; ' +
  '[ -n "$d" ] || { echo "no .octo/hooks/up.sh at or above $PWD" >&2; exit 2; }; exec "$d/.octo/hooks/up.sh"';
const UPWARD_YAML = `hooks:\n  PreToolUse:\n    - command: '${UPWARD}'\n`;

const COPILOT_DIRECT = copilotHook('preToolUse', '.github/hooks/guard.sh');

new RuleTester().run(scriptNotExecutable, {
  valid: [
    {
      name: 'the upward search finds an executable script',
      files: { [OCTO_YAML]: UPWARD_YAML, 'project/.octo/hooks/up.sh': { content: '#!/bin/sh\n', executable: true } },
    },
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
      name: 'copilot: the bash command (issue 42)',
      files: { [COPILOT_JSON]: COPILOT_DIRECT.text, 'project/.github/hooks/guard.sh': '#!/bin/sh\n' },
      errors: [{ messageId: 'notExecutable', ...COPILOT_DIRECT.at }],
    },
    {
      name: 'the upward search finds a script without the execute bit, above the project',
      files: { [OCTO_YAML]: UPWARD_YAML, '.octo/hooks/up.sh': '#!/bin/sh\n' },
      errors: [{ messageId: 'notExecutable', line: 3, column: 16, data: { script: `${ROOT}/.octo/hooks/up.sh` } }],
    },
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
