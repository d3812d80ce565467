import { slowLauncher } from '../../../src/lint/rules/slow-launcher.js';
import { OCTO_YAML, OI_JSON, OI_TOML, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

const NPX =
  '"npx" resolves (and may download) a package on every hook run, costing hundreds of ms to seconds; ' +
  'install the tool and call its binary directly, or run a compiled .js file with "node"';
const TS_NODE =
  '"ts-node" compiles TypeScript on every hook run, costing hundreds of ms to seconds; ' +
  'compile ahead of time and run the .js file with "node"';

const COPILOT_NPX = copilotHook('postToolUse', 'npx prettier --write .');

new RuleTester().run(slowLauncher, {
  valid: [
    {
      name: 'node running a .js file in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "node hooks/stop.js" }] }] } }' },
    },
    { name: 'a local binary in YAML', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: ./node_modules/.bin/tsx gate.ts\n' } },
    {
      name: 'a word that only starts with npx in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo npxish"\n' },
    },
  ],
  invalid: [
    {
      name: 'copilot: the bash command (issue 42)',
      files: { [COPILOT_JSON]: COPILOT_NPX.text },
      errors: [{ messageId: 'npx', ...COPILOT_NPX.at }],
    },
    {
      name: 'npx in JSON',
      files: {
        [OI_JSON]: '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "npx -y tsx hooks/stop.ts" }] }]\n  }\n}\n',
      },
      errors: [{ messageId: 'npx', line: 3, column: 58, message: NPX }],
    },
    {
      name: 'npx after && in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: cd tools && npx tsx gate.ts\n' },
      errors: [{ messageId: 'npx', line: 3, column: 16 }],
    },
    {
      name: 'ts-node in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "ts-node hooks/stop.ts"\n' },
      errors: [{ messageId: 'tsNode', line: 4, column: 11, message: TS_NODE }],
    },
  ],
});
