import { invalidTimeout } from '../../../src/lint/rules/invalid-timeout.js';
import { inMilliseconds, OCTO_YAML, OI_JSON, RuleTester } from '../rule-tester.js';

const DEFAULT = 'is not a positive Go duration, so the default 5s applies';

// Go durations are octo's (YAML); openinterpreter's whole seconds are checked by invalid-value, except 0.
new RuleTester().run(invalidTimeout, {
  valid: [
    {
      name: 'Go durations, and no timeout',
      files: {
        [OCTO_YAML]:
          'hooks:\n  Stop:\n    - command: a\n      timeout: 300ms\n    - command: b\n      timeout: "1m30s"\n    - command: c\n',
      },
    },
  ],
  invalid: [
    {
      name: 'a dialect whose timeouts are in milliseconds: 0 stops the hook at once',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 0 }] }] } }' },
      adjustSpec: inMilliseconds(),
      errors: [
        {
          messageId: 'notPositiveMs',
          line: 1,
          column: 83,
          message: 'timeout 0 is not above 0 ms: the agent stops the hook at once; write the timeout you mean in milliseconds',
        },
      ],
    },
    {
      name: 'timeouts that are not positive Go durations',
      files: {
        [OCTO_YAML]:
          'hooks:\n  Stop:\n    - command: a\n      timeout: 20\n    - command: b\n      timeout: soon\n    - command: c\n' +
          '      timeout: 0s\n    - command: d\n      timeout: 5000\n',
      },
      errors: [
        {
          messageId: 'missingUnit',
          line: 4,
          column: 16,
          data: { value: 20, defaultSeconds: 5 },
          message: `timeout 20 ${DEFAULT}; a duration needs a unit: write "20s"`,
        },
        {
          messageId: 'notDuration',
          line: 6,
          column: 16,
          data: { value: '"soon"', defaultSeconds: 5 },
          message: `timeout "soon" ${DEFAULT}; write a duration such as "10s", "1.5s" or "1m30s"`,
        },
        {
          messageId: 'notDuration',
          line: 8,
          column: 16,
          message: `timeout "0s" ${DEFAULT}; write a duration such as "10s", "1.5s" or "1m30s"`,
        },
        {
          messageId: 'missingUnitMilliseconds',
          line: 10,
          column: 16,
          data: { value: 5000, defaultSeconds: 5, seconds: 5 },
          message: `timeout 5000 ${DEFAULT}; a duration needs a unit: write "5000ms" (5s) if that was milliseconds`,
        },
      ],
    },
    {
      // Codex: codex-rs/hooks/src/engine/discovery.rs normalize_command_hook (`timeout.max(1)`).
      name: 'an openinterpreter timeout of 0, raised to 1 second',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 0 }] }] } }' },
      errors: [
        {
          messageId: 'zeroRaised',
          line: 1,
          column: 83,
          message: 'timeout 0 is raised to 1 second, as the agent does; write the timeout you mean',
        },
      ],
    },
  ],
});
