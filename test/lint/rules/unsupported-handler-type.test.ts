import { unsupportedHandlerType } from '../../../src/lint/rules/unsupported-handler-type.js';
import { OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const message = (type: string) => `handler type "${type}" is not supported, so this hook is skipped; only "command" handlers run`;

// Handler types are openinterpreter's; octo handlers have no type.
new RuleTester().run(unsupportedHandlerType, {
  valid: [
    {
      name: 'a command handler in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
    { name: 'a command handler in TOML', files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n' } },
  ],
  invalid: [
    {
      name: 'a prompt handler in JSON',
      files: { [OI_JSON]: '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "done?" }] }]\n  }\n}\n' },
      errors: [
        { messageId: 'unsupported', line: 3, column: 36, data: { type: '"prompt"', supported: '"command"' }, message: message('prompt') },
      ],
    },
    {
      name: 'an mcp_tool handler in TOML',
      files: { [OI_TOML]: '[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "mcp_tool"\n' },
      errors: [{ messageId: 'unsupported', line: 3, column: 8, message: message('mcp_tool') }],
    },
  ],
});
