import { invalidValue } from '../../../src/lint/rules/invalid-value.js';
import { CLAUDE_CODE } from '../../../src/dialects/claude/agent-version.js';
import { CLAUDE_SETTINGS, CODEX_JSON, CODEX_TOML, OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const MANAGED = 'etc/requirements.toml';
const HELD_BACK = 'non-managed hooks are held back until this managed requirements file is fixed';

new RuleTester().run(invalidValue, {
  valid: [
    {
      name: 'well-typed values in JSON',
      files: {
        [OI_JSON]:
          '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 30, "async": true, ' +
          '"onFailure": "continue" }] }] } }',
      },
    },
    {
      name: 'well-typed values in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: x\n      async: true\n      matcher: ~\n' },
    },
    {
      name: 'well-typed values in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\nmatcher = "*"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 30\n' },
    },
    // YAML that configures nothing.
    { name: 'an empty YAML file', files: { [OCTO_YAML]: '' } },
    { name: 'a comment-only YAML file', files: { [OCTO_YAML]: '# hooks come later\n' } },
    { name: 'YAML hooks: with nothing under it', files: { [OCTO_YAML]: 'hooks:\n' } },
    { name: 'a boolean managed-only switch', files: { [MANAGED]: 'allow_managed_hooks_only = false\n' } },
    // Issue 11 item 8: the agent's own keys under [hooks].
    { name: '[hooks.state] in config.toml', files: { [OI_TOML]: '[hooks.state."/x/hooks.json:stop:0:0"]\nenabled = false\n' } },
    { name: 'managed_dir in the requirements', files: { [MANAGED]: '[hooks]\nmanaged_dir = "/enterprise/hooks"\n' } },
    {
      name: 'additionalContextLimit and commandWindows',
      files: {
        [OI_JSON]:
          '{ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command", "command": "x", "additionalContextLimit": 0, ' +
          '"commandWindows": "y" }] }] } }',
      },
    },
    // Issue 15: the largest timeout Codex can hash, exactly, in JSON and in TOML hex.
    {
      name: 'a codex timeout of 2^63 − 1',
      files: {
        [CODEX_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 9223372036854775807 }] }] } }\n',
      },
    },
    {
      name: 'and in TOML hex',
      files: { [CODEX_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 0x7fff_ffff_ffff_ffff\n' },
    },
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
        {
          messageId: 'groupWithoutHooks',
          line: 4,
          column: 7,
          data: { list: 'array' },
          message: 'this matcher group has no "hooks" array of handlers',
        },
        // Codex reads hooks.json whole (hook_config.rs, serde): each of these makes it ignore the file.
        {
          messageId: 'fileIgnored',
          line: 5,
          column: 67,
          message: 'the agent ignores this whole file: "timeout" must be a number of seconds, not a string: write 30 without quotes',
        },
        {
          messageId: 'fileIgnored',
          line: 6,
          column: 29,
          data: {
            clause: 'the agent ignores this whole file',
            problem: '"type" must be one of "command", "prompt", "agent", "mcp_tool", found the string "comand"; did you mean "command"?',
          },
        },
        {
          messageId: 'fileIgnored',
          line: 6,
          column: 66,
          message: 'the agent ignores this whole file: "timeout" must be a whole number of seconds, found the number -5',
        },
        {
          messageId: 'fileIgnored',
          line: 6,
          column: 79,
          message: 'the agent ignores this whole file: "async" must be true or false, found the string "yes"',
        },
        {
          messageId: 'fileIgnored',
          line: 8,
          column: 13,
          message: 'the agent ignores this whole file: "Stop" must be an array of matcher groups, found an object',
        },
        {
          messageId: 'unknownTopLevelKeyFileIgnored',
          line: 10,
          column: 3,
          message: 'the agent ignores this whole file: unknown top-level key "version" (allowed: hooks, description)',
        },
      ],
    },
    {
      name: 'wrong types and shapes in YAML',
      files: {
        [OCTO_YAML]: 'hooks:\n  Stop:\n    command: x\n  PreToolUse:\n    - command: [a, b]\n      async: yes\n    - just a string\n',
      },
      errors: [
        { messageId: 'eventNotList', line: 3, column: 5, message: '"Stop" must be a list of hooks, found a mapping' },
        { messageId: 'notString', line: 5, column: 16, message: '"command" must be a string, found a list' },
        { messageId: 'notBoolean', line: 6, column: 14, message: '"async" must be true or false, found the string "yes"' },
        {
          messageId: 'entryNotObject',
          line: 7,
          column: 7,
          message: 'each PreToolUse entry must be a mapping, found the string "just a string"',
        },
      ],
    },
    {
      name: 'wrong types and shapes in TOML, with the array-of-tables hint',
      files: { [OI_TOML]: '[hooks.Stop]\ncommand = "x"\n\n[[hooks.PreToolUse]]\nmatcher = 5\nhooks = "x"\n' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 1,
          message:
            'the agent ignores every hook in this file: "Stop" must be an array of matcher groups, found a table; write [[hooks.Stop]]',
        },
        {
          messageId: 'fileIgnored',
          line: 5,
          column: 11,
          message: 'the agent ignores every hook in this file: "matcher" must be a string, found the number 5',
        },
        {
          messageId: 'fileIgnored',
          line: 6,
          column: 9,
          message:
            'the agent ignores every hook in this file: "hooks" of a matcher group must be an array of handlers, found the string "x"',
        },
      ],
    },
    {
      name: 'an openinterpreter handler without a type in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "command": "x" }] }] } }' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 35,
          message: 'the agent ignores this whole file: this handler has no "type"; add "type": "command"',
        },
      ],
    },
    {
      name: 'an openinterpreter handler without a type in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "x"\n' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 2,
          column: 1,
          message: 'the agent ignores every hook in this file: this handler has no "type"; add type = "command"',
        },
      ],
    },
    {
      name: 'a hooks value that is not a table of events',
      files: { [OI_TOML]: 'hooks = ["x"]\n' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 9,
          message: 'the agent ignores every hook in this file: "hooks" must be a table of event names, found an array',
        },
      ],
    },
    {
      name: 'a JSON null file, which the agent rejects',
      files: { [OI_JSON]: 'null\n' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 1,
          message: 'the agent ignores this whole file: the file must hold an object at the top level, found null',
        },
      ],
    },
    {
      name: 'JSON "hooks": null, which the agent rejects',
      files: { [OI_JSON]: '{\n  "hooks": null\n}\n' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 2,
          column: 12,
          message: 'the agent ignores this whole file: "hooks" must be an object of event names, found null',
        },
      ],
    },
    {
      name: 'a JSON array file, which the agent rejects',
      files: { [OI_JSON]: '[]' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 1,
          message: 'the agent ignores this whole file: the file must hold an object at the top level, found an array',
        },
      ],
    },
    {
      name: 'a handler that is not an object, a blank id, an unknown onFailure and a top-level key near "hooks"',
      files: {
        [OI_JSON]:
          '{\n  "hook": {},\n  "hooks": { "Stop": [{ "hooks": [\n    "x",\n' +
          '    { "type": "command", "command": "x", "id": "", "onFailure": "never" }\n  ] }] }\n}\n',
      },
      errors: [
        {
          messageId: 'unknownTopLevelKeyFileIgnoredDidYouMean',
          line: 2,
          column: 3,
          message: 'the agent ignores this whole file: unknown top-level key "hook" (allowed: hooks, description); did you mean "hooks"?',
        },
        {
          messageId: 'fileIgnored',
          line: 4,
          column: 5,
          message: 'the agent ignores this whole file: each handler must be an object, found the string "x"',
        },
        // hookctl's own fields (id, onFailure): the agent ignores them, so only that handler is skipped.
        { messageId: 'notNonEmptyString', line: 5, column: 48, message: '"id" must be a non-empty string, found the string ""' },
        {
          messageId: 'notInEnum',
          line: 5,
          column: 65,
          message: '"onFailure" must be one of "continue", "abort", found the string "never"',
        },
      ],
    },
    {
      name: 'issue 11 item 2: "$schema", a timeout written 30.0, async: null, an mcp_tool without a tool',
      files: {
        [OI_JSON]:
          '{\n  "$schema": "x",\n  "hooks": { "Stop": [{ "hooks": [\n    { "type": "command", "command": "x", "timeout": 30.0, ' +
          '"async": null },\n    { "type": "mcp_tool", "server": "s" }\n  ] }] }\n}\n',
      },
      errors: [
        {
          messageId: 'schemaKeyFileIgnored',
          line: 2,
          column: 3,
          message:
            'the agent ignores this whole file: unknown top-level key "$schema" (allowed: hooks, description); ' +
            'associate the schema with the file in the editor settings instead (README: editor set-up)',
        },
        {
          messageId: 'fileIgnored',
          line: 4,
          column: 53,
          message: 'the agent ignores this whole file: "timeout" must be written as a whole number, found 30.0',
        },
        { messageId: 'fileIgnored', line: 4, column: 68, message: 'the agent ignores this whole file: "async" must not be null' },
        { messageId: 'fileIgnored', line: 5, column: 5, message: 'the agent ignores this whole file: this mcp_tool handler has no "tool"' },
      ],
    },
    {
      name: 'issue 11 item 15: octo events at the top level (the hooks: root forgotten)',
      files: { [OCTO_YAML]: 'PreToolUse:\n  - command: ./guard.sh\n' },
      errors: [
        {
          messageId: 'eventAtTopLevel',
          line: 1,
          column: 1,
          message:
            'nothing in this file runs: the event "PreToolUse" is at the top level, outside "hooks"; ' +
            'make it an indented entry under "hooks:"',
        },
      ],
    },
    {
      // The managed requirements file is not dropped whole (that would fail open): each problem stands alone.
      name: 'problems in the managed requirements file skip only what they invalidate',
      files: {
        [MANAGED]:
          '[hooks]\nStop = { hooks = [] }\n\n[[hooks.PreToolUse]]\nhooks = "x"\n\n[[hooks.PostToolUse]]\n' +
          'hooks = [1, { type = "comand", command = "x" }, { command = "x", timeout = "5" }, ' +
          '{ type = "command", command = "x", timeout = -1, additionalContextLimit = -3 }, ' +
          '{ type = "command", command = "x", timeout = 30.0 }, { type = "mcp_tool", tool = "t" }]\n',
      },
      errors: [
        {
          messageId: 'eventIsTable',
          line: 2,
          column: 8,
          message: '"Stop" must be an array of matcher groups, found a table; write [[hooks.Stop]]',
        },
        {
          messageId: 'groupHooksNotList',
          line: 5,
          column: 9,
          message: '"hooks" of a matcher group must be an array of handlers, found the string "x"',
        },
        { messageId: 'handlerNotObject', line: 8, column: 10, message: 'each handler must be a table, found the number 1' },
        {
          messageId: 'notInEnumDidYouMean',
          line: 8,
          column: 22,
          data: { key: 'type', values: '"command", "prompt", "agent", "mcp_tool"', found: 'the string "comand"', suggestion: 'command' },
        },
        { messageId: 'missingType', line: 8, column: 49, message: 'this handler has no "type"; add type = "command"' },
        {
          messageId: 'quotedSeconds',
          line: 8,
          column: 76,
          message: '"timeout" must be a number of seconds, not a string: write 5 without quotes',
        },
        { messageId: 'notWholeSeconds', line: 8, column: 128, message: '"timeout" must be a whole number of seconds, found the number -1' },
        {
          messageId: 'notCount',
          line: 8,
          column: 157,
          message: '"additionalContextLimit" must be a whole number (0 or more), found the number -3',
        },
        { messageId: 'notWrittenWhole', line: 8, column: 208, message: '"timeout" must be written as a whole number, found 30.0' },
        { messageId: 'mcpToolWithout', line: 8, column: 216, message: 'this mcp_tool handler has no "server"' },
      ],
    },
    {
      name: 'octo files that are not a mapping of events',
      files: { [OCTO_YAML]: 'hooks: [x]\n' },
      errors: [{ messageId: 'hooksNotObject', line: 1, column: 8, message: '"hooks" must be a mapping of event names, found a list' }],
    },
    {
      name: 'an octo file that is a list',
      files: { [OCTO_YAML]: '- hooks\n' },
      errors: [{ messageId: 'rootNotObject', line: 1, column: 1, message: 'the file must hold a mapping at the top level, found a list' }],
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
    {
      // A managed file is repaired entry by entry (cc managed), so each problem stands alone.
      name: 'claude: values of the wrong type in handler fields of each type (managed settings)',
      files: {
        'project/.claude/managed-settings.json': `{
  "hooks": {
    "PreToolUse": [
      { "hooks": [{ "type": "command", "command": "x", "args": "-v", "timeout": 0 }] },
      { "hooks": [{ "type": "http", "headers": { "X-Count": 1 } }] },
      { "hooks": [{ "type": "prompt", "prompt": "ok?", "model": 5 }] }
    ]
  },
  "enabledPlugins": []
}
`,
      },
      errors: [
        { messageId: 'notStringList', line: 4, column: 64, message: '"args" must be an array of strings, found the string "-v"' },
        {
          messageId: 'notPositiveSeconds',
          line: 4,
          column: 81,
          message: '"timeout" must be a number of seconds above 0, found the number 0',
        },
        { messageId: 'missingField', line: 5, column: 19, message: 'this http handler has no "url"' },
        {
          messageId: 'notStringRecord',
          line: 5,
          column: 48,
          message: '"headers" must be an object whose values are strings, found an object',
        },
        { messageId: 'notString', line: 6, column: 65, message: '"model" must be a string, found the number 5' },
        { messageId: 'notObject', line: 9, column: 21, message: '"enabledPlugins" must be an object, found an array' },
      ],
    },
    {
      // Claude Code repairs a settings file entry by entry (rejection.ts; test/agents/claude "broken" cases).
      name: 'claude: a wrong value in a Stop handler drops that handler alone',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "args": "-v" }] }] } }' },
      errors: [
        {
          messageId: 'entryIgnored',
          line: 1,
          column: 80,
          message: `${CLAUDE_CODE} ignores this Stop hook alone: "args" must be an array of strings, found the string "-v"`,
        },
      ],
    },
    {
      // On a guard event, an entry Claude Code cannot load skips the whole file.
      name: 'claude: a wrong value in a PreToolUse matcher group skips the whole file',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "PreToolUse": [{ "matcher": 7, "hooks": [{ "type": "command", "command": "x" }] }] } }' },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 42,
          message:
            `${CLAUDE_CODE} skips this whole file, its settings too (a PreToolUse entry it cannot load may be what guards them): ` +
            '"matcher" must be a string, found the number 7',
        },
      ],
    },
    {
      // A setting of the wrong type fails the file's schema: the file is skipped; a Stop group without
      // "hooks" is dropped alone; an event that is not a list loses that event.
      name: 'claude: a wrongly typed setting skips the file; a Stop group without hooks and a list-less event cost less',
      files: {
        [CLAUDE_SETTINGS]:
          '{\n  "disableAllHooks": "no",\n  "hooks": { "Stop": [{ "matcher": "" }], "Stopp": [{}], "SessionEnd": {} }\n}\n',
      },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 2,
          column: 22,
          message: `${CLAUDE_CODE} skips this whole file, its settings too: "disableAllHooks" must be true or false, found the string "no"`,
        },
        {
          messageId: 'entryIgnored',
          line: 3,
          column: 23,
          message: `${CLAUDE_CODE} ignores this Stop matcher group alone: this matcher group has no "hooks" array of handlers`,
        },
        // Claude skips an unknown event without reading it (changelog 2.1.101): only that entry is lost.
        { messageId: 'groupWithoutHooks', line: 3, column: 53 },
        {
          messageId: 'entryIgnored',
          line: 3,
          column: 72,
          message:
            `${CLAUDE_CODE} ignores every SessionEnd hook in this file: ` +
            '"SessionEnd" must be an array of matcher groups, found an object',
        },
      ],
    },
    {
      // A plugin's hooks file is held to its schema: a wrongly typed top-level key fails the file.
      name: 'claude: a plugin hooks file with a description of the wrong type is dropped whole',
      files: {
        'project/plugin/hooks/hooks.json': '{ "description": 7, "hooks": {} }',
        'project/plugin/.claude-plugin/plugin.json': '{ "name": "p" }',
      },
      lint: ['project/plugin/hooks/hooks.json'],
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 18,
          message: `${CLAUDE_CODE} skips this whole file: "description" must be a string, found the number 7`,
        },
      ],
    },
    {
      // Codex hashes every hook through TOML, whose integers are i64: a larger timeout cannot be hashed
      // (codex-rs/hooks/src/engine/discovery.rs command_hook_hash), and above u64 it does not parse.
      name: 'a codex timeout above 2^63 − 1, compared exactly on the literal',
      files: {
        [CODEX_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 9223372036854775808 }] }] } }\n',
      },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 1,
          column: 83,
          message: 'the agent ignores this whole file: "timeout" must be at most 9223372036854775807, found 9223372036854775808',
        },
      ],
    },
    {
      name: 'one more, in TOML',
      files: {
        [CODEX_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 9_223_372_036_854_775_808\n',
      },
      errors: [
        {
          messageId: 'fileIgnored',
          line: 5,
          column: 11,
          data: {
            clause: 'the agent ignores every hook in this file',
            problem: '"timeout" must be at most 9223372036854775807, found 9_223_372_036_854_775_808',
          },
        },
      ],
    },
    {
      // In the managed requirements file each problem stands alone (nothing is dropped whole).
      name: 'a codex managed timeout above 2^63 − 1',
      files: {
        'etc/.codex/requirements.toml':
          '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 0x8000_0000_0000_0000\n',
      },
      lint: ['etc/.codex/requirements.toml'],
      errors: [
        {
          messageId: 'aboveMax',
          line: 5,
          column: 11,
          message: '"timeout" must be at most 9223372036854775807, found 0x8000_0000_0000_0000',
        },
      ],
    },
  ],
});
