import { unknownKey } from '../../../src/lint/rules/unknown-key.js';
import { OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const JSON_WRONG = `{
  "hooks": {
    "PreToolUse": [
      {
        "matchers": "Bash",
        "hooks": [{ "type": "command", "command": "x", "timeoutSec": 5, "matcher": "Bash" }]
      }
    ]
  }
}
`;

new RuleTester().run(unknownKey, {
  valid: [
    {
      name: 'every known key in JSON',
      files: {
        [OI_JSON]:
          '{ "description": "d", "hooks": { "Stop": [{ "matcher": "", "hooks": [{ "type": "command", "command": "x", "timeout": 5, ' +
          '"statusMessage": "s", "async": false, "id": "i", "onFailure": "abort" }] }] } }',
      },
    },
    {
      name: 'every known key in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: x\n      matcher: terminal\n      timeout: 5s\n      async: false\n' },
    },
    {
      name: 'every known key in TOML, and other config in config.toml',
      files: {
        [OI_TOML]: 'model = "gpt"\n[features]\nhooks = true\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n',
      },
    },
    // Handlers of unsupported types are skipped whole.
    {
      name: 'the fields of unsupported handler types',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "ok?" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'unknown group and handler keys in JSON, with did-you-mean and misplaced keys',
      files: { [OI_JSON]: JSON_WRONG },
      errors: [
        {
          messageId: 'unknownDidYouMean',
          line: 5,
          column: 9,
          data: { key: 'matchers', where: 'in a matcher group', suggestion: 'matcher' },
          message: 'unknown key "matchers" in a matcher group is ignored; did you mean "matcher"?',
        },
        {
          messageId: 'unknownDidYouMean',
          line: 6,
          column: 56,
          message: 'unknown key "timeoutSec" in a handler is ignored; did you mean "timeout"?',
        },
        {
          messageId: 'groupKeyOnHandler',
          line: 6,
          column: 73,
          data: { key: 'matcher' },
          message: '"matcher" belongs on the matcher group, not on a handler; it is ignored here',
        },
      ],
    },
    {
      name: 'unknown keys in YAML, top level included',
      files: { [OCTO_YAML]: 'hook:\n  x: 1\nhooks:\n  Stop:\n    - command: x\n      timout: 5s\n      run: y\n' },
      errors: [
        {
          messageId: 'unknownDidYouMean',
          line: 1,
          column: 1,
          message: 'unknown key "hook" at the top level is ignored; did you mean "hooks"?',
        },
        {
          messageId: 'unknownDidYouMean',
          line: 6,
          column: 7,
          message: 'unknown key "timout" in a handler is ignored; did you mean "timeout"?',
        },
        {
          messageId: 'unknown',
          line: 7,
          column: 7,
          message: 'unknown key "run" in a handler is ignored; known keys: command, matcher, timeout, async',
        },
      ],
    },
    {
      name: 'unknown keys in TOML, and handler fields written on the group',
      files: {
        [OI_TOML]: '[[hooks.Stop]]\ncommand = "x"\n\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "y"\nstatus_message = "z"\n',
      },
      errors: [
        {
          messageId: 'handlerKeyOnGroup',
          line: 2,
          column: 1,
          message: '"command" belongs in a handler inside "hooks", not on the matcher group; it is ignored here',
        },
        {
          messageId: 'unknownDidYouMean',
          line: 7,
          column: 1,
          message: 'unknown key "status_message" in a handler is ignored; did you mean "statusMessage"?',
        },
      ],
    },
    {
      // Codex: codex-rs/hooks/src/engine/discovery.rs unsupported_event_warns_and_ignores_additional_context_limit.
      name: 'additionalContextLimit on an event that cannot emit additional context',
      files: {
        [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "additionalContextLimit": 4096 }] }] } }',
      },
      errors: [
        {
          messageId: 'contextLimitIgnored',
          line: 1,
          column: 72,
          message:
            '"additionalContextLimit" is ignored on Stop: this event cannot emit additionalContext (it applies to PreToolUse, ' +
            'PostToolUse, SessionStart, UserPromptSubmit, SubagentStart)',
        },
      ],
    },
    {
      name: 'keys that share a name with object built-ins',
      files: {
        [OI_JSON]: '{ "hooks": { "Stop": [{ "constructor": 1, "hooks": [{ "type": "command", "command": "x", "toString": 2 }] }] } }',
      },
      errors: [
        {
          messageId: 'unknown',
          line: 1,
          column: 25,
          message: 'unknown key "constructor" in a matcher group is ignored; known keys: hooks, matcher',
        },
        {
          messageId: 'unknown',
          line: 1,
          column: 90,
          data: {
            key: 'toString',
            where: 'in a handler',
            known: 'type, command, timeout, statusMessage, async, additionalContextLimit, commandWindows, command_windows, id, onFailure',
          },
          message:
            'unknown key "toString" in a handler is ignored; known keys: type, command, timeout, statusMessage, async, ' +
            'additionalContextLimit, commandWindows, command_windows, id, onFailure',
        },
      ],
    },
  ],
});
