import { matcherIgnored } from '../../../src/lint/rules/matcher-ignored.js';
import { OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const OI_HONOURED = 'SessionStart, PreToolUse, PermissionRequest, PostToolUse, PreCompact, PostCompact, SubagentStart, SubagentStop';

new RuleTester().run(matcherIgnored, {
  valid: [
    {
      name: '".*" means every value, like "*" and "" (issue 23)',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "matcher": ".*", "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
    {
      name: '"*" on an event without a matcher target',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "matcher": "*", "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
    {
      name: 'a matcher where it works in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  PostToolUse:\n    - command: x\n      matcher: terminal\n' },
    },
    {
      name: 'a matcher where it works in TOML',
      files: { [OI_TOML]: '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "x"\n' },
    },
  ],
  invalid: [
    {
      name: 'a matcher on an event without a matcher target in JSON',
      files: {
        [OI_JSON]:
          '{\n  "hooks": {\n    "UserPromptSubmit": [{ "matcher": "secret", "hooks": [{ "type": "command", "command": "x" }] }]\n  }\n}\n',
      },
      errors: [
        {
          messageId: 'ignored',
          line: 3,
          column: 28,
          data: { event: 'UserPromptSubmit', honoured: OI_HONOURED },
          message: `UserPromptSubmit ignores matchers, so this hook runs on every UserPromptSubmit; matchers work on ${OI_HONOURED}`,
        },
      ],
    },
    {
      name: 'a matcher on an event without a matcher target in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: x\n      matcher: terminal\n' },
      errors: [
        {
          messageId: 'ignored',
          line: 4,
          column: 7,
          message: 'Stop ignores matchers, so this hook runs on every Stop; matchers work on PreToolUse, PostToolUse',
        },
      ],
    },
    {
      name: 'a matcher on an event without a matcher target in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\nmatcher = "Bash"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n' },
      errors: [
        {
          messageId: 'ignored',
          line: 2,
          column: 1,
          message: `Stop ignores matchers, so this hook runs on every Stop; matchers work on ${OI_HONOURED}`,
        },
      ],
    },
  ],
});
