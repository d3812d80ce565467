import { bothRepresentations } from '../../../src/lint/rules/both-representations.js';
import { OI_JSON, OI_TOML, ROOT, RuleTester } from '../rule-tester.js';

const JSON_HOOKS = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "a" }] }] } }';
const TOML_HOOKS = 'model = "x"\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "b"\n';

new RuleTester().run(bothRepresentations, {
  valid: [
    { name: 'hooks only in hooks.json', files: { [OI_JSON]: JSON_HOOKS, [OI_TOML]: 'model = "x"\n' } },
    { name: 'hooks only in config.toml', files: { [OI_JSON]: '{ "hooks": {} }', [OI_TOML]: TOML_HOOKS } },
    // Event keys without handlers are empty hooks too, in either file.
    { name: 'an event key with no groups in hooks.json', files: { [OI_JSON]: '{ "hooks": { "Stop": [] } }', [OI_TOML]: TOML_HOOKS } },
    {
      name: 'a group with no handlers in hooks.json',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [] }] } }', [OI_TOML]: TOML_HOOKS },
    },
    { name: 'an event key with no groups in config.toml', files: { [OI_JSON]: JSON_HOOKS, [OI_TOML]: 'hooks.Stop = []\n' } },
    { name: 'files of different layers', files: { 'home/.openinterpreter/hooks.json': JSON_HOOKS, [OI_TOML]: TOML_HOOKS } },
  ],
  invalid: [
    {
      name: 'one layer with hooks in both files, reported on the config.toml hooks',
      files: { [OI_JSON]: JSON_HOOKS, [OI_TOML]: TOML_HOOKS },
      errors: [
        {
          messageId: 'bothFiles',
          file: OI_TOML,
          line: 3,
          column: 3,
          message: `loading hooks from both ${ROOT}/${OI_JSON} and ${ROOT}/${OI_TOML}; prefer a single representation for this layer`,
        },
      ],
    },
  ],
});
