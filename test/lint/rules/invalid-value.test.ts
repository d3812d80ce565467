import { invalidValue } from '../../../src/lint/rules/invalid-value.js';
import { OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const MANAGED = 'etc/requirements.toml';
const HELD_BACK = 'non-managed hooks are held back until this managed requirements file is fixed';

new RuleTester().run(invalidValue, {
  valid: [
    {
      name: 'well-typed values in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 30, "async": true, "onFailure": "continue" }] }] } }' },
    },
    { name: 'well-typed values in YAML', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: x\n      async: true\n      matcher: ~\n' } },
    { name: 'well-typed values in TOML', files: { [OI_TOML]: '[[hooks.Stop]]\nmatcher = "*"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 30\n' } },
    // YAML that configures nothing.
    { name: 'an empty YAML file', files: { [OCTO_YAML]: '' } },
    { name: 'a comment-only YAML file', files: { [OCTO_YAML]: '# hooks come later\n' } },
    { name: 'YAML hooks: with nothing under it', files: { [OCTO_YAML]: 'hooks:\n' } },
    { name: 'a boolean managed-only switch', files: { [MANAGED]: 'allow_managed_hooks_only = false\n' } },
  ],
  invalid: [
    {
      name: 'wrong types and shapes in JSON',
      files: {
        [OI_JSON]: `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash" },
      { "hooks": [{ "type": "command", "command": "x", "timeout": "30" }] },
      { "hooks": [{ "type": "comand", "command": "x", "timeout": -5, "async": "yes" }] }
    ],
    "Stop": { "hooks": [] }
  },
  "version": 2
}
`,
      },
      errors: [
        { messageId: 'groupWithoutHooks', line: 4, column: 7, data: { list: 'array' }, message: 'this matcher group has no "hooks" array of handlers' },
        { messageId: 'quotedSeconds', line: 5, column: 67, message: '"timeout" must be a number of seconds, not a string: write 30 without quotes' },
        {
          messageId: 'notInEnumDidYouMean',
          line: 6,
          column: 29,
          data: { key: 'type', values: '"command", "prompt", "agent", "mcp_tool"', found: 'the string "comand"', suggestion: 'command' },
          message: '"type" must be one of "command", "prompt", "agent", "mcp_tool", found the string "comand"; did you mean "command"?',
        },
        { messageId: 'notWholeSeconds', line: 6, column: 66, message: '"timeout" must be a whole number of seconds (1 or more), found the number -5' },
        { messageId: 'notBoolean', line: 6, column: 79, message: '"async" must be true or false, found the string "yes"' },
        { messageId: 'eventNotList', line: 8, column: 13, message: '"Stop" must be an array of matcher groups, found an object' },
        {
          messageId: 'unknownTopLevelKey',
          line: 10,
          column: 3,
          message: 'unknown top-level key "version" makes the whole file invalid; allowed: hooks, $schema, description',
        },
      ],
    },
    {
      name: 'wrong types and shapes in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    command: x\n  PreToolUse:\n    - command: [a, b]\n      async: yes\n    - just a string\n' },
      errors: [
        { messageId: 'eventNotList', line: 3, column: 5, message: '"Stop" must be a list of hooks, found a mapping' },
        { messageId: 'notString', line: 5, column: 16, message: '"command" must be a string, found a list' },
        { messageId: 'notBoolean', line: 6, column: 14, message: '"async" must be true or false, found the string "yes"' },
        { messageId: 'entryNotObject', line: 7, column: 7, message: 'each PreToolUse entry must be a mapping, found the string "just a string"' },
      ],
    },
    {
      name: 'wrong types and shapes in TOML, with the array-of-tables hint',
      files: { [OI_TOML]: '[hooks.Stop]\ncommand = "x"\n\n[[hooks.PreToolUse]]\nmatcher = 5\nhooks = "x"\n' },
      errors: [
        { messageId: 'eventIsTable', line: 1, column: 1, message: '"Stop" must be an array of matcher groups, found a table; write [[hooks.Stop]]' },
        { messageId: 'notString', line: 5, column: 11, message: '"matcher" must be a string, found the number 5' },
        { messageId: 'groupHooksNotList', line: 6, column: 9, message: '"hooks" of a matcher group must be an array of handlers, found the string "x"' },
      ],
    },
    {
      name: 'an openinterpreter handler without a type in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "command": "x" }] }] } }' },
      errors: [{ messageId: 'missingType', line: 1, column: 35, data: { example: '"type": "command"' }, message: 'this handler has no "type"; add "type": "command"' }],
    },
    {
      name: 'an openinterpreter handler without a type in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "x"\n' },
      errors: [{ messageId: 'missingType', line: 2, column: 1, message: 'this handler has no "type"; add type = "command"' }],
    },
    {
      name: 'a hooks value that is not a table of events',
      files: { [OI_TOML]: 'hooks = ["x"]\n' },
      errors: [{ messageId: 'hooksNotObject', line: 1, column: 9, message: '"hooks" must be a table of event names, found an array' }],
    },
    {
      name: 'a JSON null file, which the agent rejects',
      files: { [OI_JSON]: 'null\n' },
      errors: [{ messageId: 'rootNotObject', line: 1, column: 1, message: 'the file must hold an object at the top level, found null' }],
    },
    {
      name: 'JSON "hooks": null, which the agent rejects',
      files: { [OI_JSON]: '{\n  "hooks": null\n}\n' },
      errors: [{ messageId: 'hooksNotObject', line: 2, column: 12, message: '"hooks" must be an object of event names, found null' }],
    },
    {
      name: 'a JSON array file, which the agent rejects',
      files: { [OI_JSON]: '[]' },
      errors: [{ messageId: 'rootNotObject', line: 1, column: 1, data: { expected: 'an object', found: 'an array' } }],
    },
    {
      name: 'a handler that is not an object, a blank id, an unknown onFailure and a top-level key near "hooks"',
      files: {
        [OI_JSON]: '{\n  "hook": {},\n  "hooks": { "Stop": [{ "hooks": [\n    "x",\n    { "type": "command", "command": "x", "id": "", "onFailure": "never" }\n  ] }] }\n}\n',
      },
      errors: [
        {
          messageId: 'unknownTopLevelKeyDidYouMean',
          line: 2,
          column: 3,
          message: 'unknown top-level key "hook" makes the whole file invalid; allowed: hooks, $schema, description; did you mean "hooks"?',
        },
        { messageId: 'handlerNotObject', line: 4, column: 5, message: 'each handler must be an object, found the string "x"' },
        { messageId: 'notNonEmptyString', line: 5, column: 48, message: '"id" must be a non-empty string, found the string ""' },
        { messageId: 'notInEnum', line: 5, column: 65, message: '"onFailure" must be one of "continue", "abort", found the string "never"' },
      ],
    },
    {
      name: 'an octo timeout that is not a scalar',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: x\n      timeout: [5s]\n' },
      errors: [{ messageId: 'notDuration', line: 4, column: 16, message: '"timeout" must be a duration such as "5s", found a list' }],
    },
    {
      name: 'a managed-only switch that is not a boolean, which fails closed',
      files: { [MANAGED]: 'allow_managed_hooks_only = "yes"\n' },
      errors: [
        {
          messageId: 'managedOnlyNotBoolean',
          line: 1,
          column: 28,
          data: { key: 'allow_managed_hooks_only', found: 'the string "yes"' },
          message: `"allow_managed_hooks_only" must be true or false, found the string "yes"; ${HELD_BACK}`,
        },
      ],
    },
  ],
});
