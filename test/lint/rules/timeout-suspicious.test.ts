import { timeoutSuspicious } from '../../../src/lint/rules/timeout-suspicious.js';
import { inMilliseconds, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

new RuleTester().run(timeoutSuspicious, {
  valid: [
    {
      name: 'an ordinary timeout in JSON',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 999 }] }] } }' },
    },
    {
      name: 'an ordinary timeout in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 30\n' },
    },
    {
      name: 'a dialect whose timeouts are in milliseconds: 5000 is 5 s',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 5000 }] }] } }' },
      adjustSpec: inMilliseconds(),
    },
  ],
  invalid: [
    {
      name: 'a dialect whose timeouts are in milliseconds: 30 looks like seconds',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 30 }] }] } }' },
      adjustSpec: inMilliseconds(),
      errors: [
        {
          messageId: 'looksLikeSeconds',
          line: 1,
          column: 83,
          data: { value: 30, meant: 30000 },
          message: 'timeout 30 is in milliseconds (30 ms); it looks like seconds: 30 s would be 30000',
        },
      ],
    },
    {
      name: 'a timeout of 1000 s or more in JSON, a whole number of thousands',
      files: {
        [OI_JSON]: '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 30000 }] }]\n  }\n}\n',
      },
      errors: [
        {
          messageId: 'looksLikeMillisecondsDidYouMean',
          line: 3,
          column: 74,
          data: { seconds: 30000, span: 'about 8 hours', meant: 30 },
          message: 'timeout 30000 is in seconds (about 8 hours); it looks like milliseconds; did you mean 30?',
        },
      ],
    },
    {
      name: 'a timeout of 1000 s or more in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 1500\n' },
      errors: [
        {
          messageId: 'looksLikeMilliseconds',
          line: 5,
          column: 11,
          message: 'timeout 1500 is in seconds (about 25 minutes); it looks like milliseconds',
        },
      ],
    },
  ],
});
