import { timeoutCapped } from '../../../src/lint/rules/timeout-capped.js';
import { OCTO_YAML, RuleTester } from '../rule-tester.js';

new RuleTester().run(timeoutCapped, {
  valid: [{ name: '30s exactly', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n      timeout: 30s\n' } }],
  invalid: [
    {
      name: 'an octo timeout above 30s',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n      timeout: 2m\n' },
      errors: [
        {
          messageId: 'capped',
          line: 4,
          column: 16,
          data: { value: '"2m"', maxSeconds: 30 },
          message: 'timeout "2m" is above the 30s maximum; the hook is stopped after 30s',
        },
      ],
    },
  ],
});
