import { timeoutCapped } from '../../../src/lint/rules/timeout-capped.js';
import { CLAUDE_SETTINGS, OCTO_YAML, positionOf, RuleTester } from '../rule-tester.js';

const sessionEnd = (timeout: string) => `{ "hooks": { "SessionEnd": [{ "hooks": [{ "type": "command", "command": "./flush.sh", "timeout": ${timeout} }] }] } }`;
const CLAUDE_90 = sessionEnd('90');

new RuleTester().run(timeoutCapped, {
  valid: [
    { name: '30s exactly', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n      timeout: 30s\n' } },
    { name: 'claude: a SessionEnd timeout of 60 s, the most the budget grows to', files: { [CLAUDE_SETTINGS]: sessionEnd('60') } },
    { name: 'claude: a long timeout on another event', files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 900 }] }] } }' } },
  ],
  invalid: [
    {
      name: 'claude: a SessionEnd timeout above 60 s (cc hooks §SessionEnd)',
      files: { [CLAUDE_SETTINGS]: CLAUDE_90 },
      errors: [
        {
          messageId: 'cappedOnEvent',
          ...positionOf(CLAUDE_90, '90'),
          message: 'timeout 90 is above the 60s maximum of SessionEnd hooks; the agent clamps it to 60s',
        },
      ],
    },
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
