import { duplicateKey } from '../../../src/lint/rules/duplicate-key.js';
import { OCTO_YAML, OI_JSON, RuleTester } from '../rule-tester.js';

// TOML forbids redefining a key outright, so there it is a parse-error instead.
new RuleTester().run(duplicateKey, {
  valid: [
    {
      name: 'equal keys in different objects in JSON',
      files: {
        [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "a" }, { "type": "command", "command": "b" }] }] } }',
      },
    },
    { name: 'equal keys in different mappings in YAML', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n    - command: b\n' } },
  ],
  invalid: [
    {
      name: 'a key set twice in JSON',
      files: { [OI_JSON]: '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "a", "command": "b" }] }]\n  }\n}\n' },
      errors: [
        // Codex reads hooks.json with serde, which refuses a duplicate field: the whole file is ignored.
        {
          messageId: 'setTwiceFileIgnored',
          line: 3,
          column: 63,
          data: { key: 'command', object: 'object', clause: 'the agent ignores this whole file' },
          message: 'the agent ignores this whole file: "command" is set twice in this object',
        },
      ],
    },
    {
      name: 'a key set twice in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n  Stop:\n    - command: b\n' },
      errors: [
        {
          messageId: 'alreadySet',
          line: 4,
          column: 3,
          message: '"Stop" is already set in this mapping; only the last value is used and the earlier one is lost',
        },
      ],
    },
  ],
});
