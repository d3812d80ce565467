import { timeoutTooLarge } from '../../../src/lint/rules/timeout-too-large.js';
import { inMilliseconds, OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

new RuleTester().run(timeoutTooLarge, {
  valid: [
    {
      name: 'the largest timeout a timer holds (timeout-suspicious reports it, not this rule)',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 2147483 }] }] } }' },
    },
    {
      name: 'an octo duration far above the cap: capped at 30 s, never near the limit',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: x\n      timeout: 9999999h\n' },
    },
  ],
  invalid: [
    {
      name: 'a dialect whose timeouts are in milliseconds: the value and the longest wait in ms',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 3000000000 }] }] } }' },
      adjustSpec: inMilliseconds(),
      errors: [
        {
          messageId: 'tooLargeMilliseconds',
          line: 1,
          column: 83,
          message:
            'timeout 3000000000 ms (about 35 days) is longer than hookctl can wait (2147483647 ms, about 24.8 days); ' +
            'the hook is stopped after that',
        },
      ],
    },
    {
      name: 'milliseconds written as seconds in JSON: 3,000,000 s is about 35 days',
      files: {
        [OI_JSON]: '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 3000000 }] }]\n  }\n}\n',
      },
      errors: [
        {
          messageId: 'tooLargeDidYouMean',
          line: 3,
          column: 74,
          data: { seconds: 3000000, span: 'about 35 days', max: 2147483, meant: 3000 },
          message:
            'timeout 3000000 s (about 35 days) is longer than hookctl can wait (2147483 s, about 24.8 days); ' +
            'the hook is stopped after that; if that was milliseconds, write 3000',
        },
      ],
    },
    {
      name: 'one second past the limit in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 2147484\n' },
      errors: [
        {
          messageId: 'tooLarge',
          line: 5,
          column: 11,
          message:
            'timeout 2147484 s (about 25 days) is longer than hookctl can wait (2147483 s, about 24.8 days); ' +
            'the hook is stopped after that',
        },
      ],
    },
  ],
});
