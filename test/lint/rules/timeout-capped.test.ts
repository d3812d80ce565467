import { timeoutCapped } from '../../../src/lint/rules/timeout-capped.js';
import { CLAUDE_SETTINGS, CODEX_JSON, inMilliseconds, OCTO_YAML, OI_JSON, positionOf, RuleTester } from '../rule-tester.js';

const sessionEnd = (timeout: string) =>
  `{ "hooks": { "SessionEnd": [{ "hooks": [{ "type": "command", "command": "./flush.sh", "timeout": ${timeout} }] }] } }`;
const CLAUDE_90 = sessionEnd('90');
const codexSessionEnd = (timeout: number) =>
  `{ "hooks": { "SessionEnd": [{ "hooks": [{ "type": "command", "command": "x", "timeout": ${timeout} }] }] } }\n`;

// octo caps every timeout at 30s; Codex clamps SessionEnd timeouts to 3 s (codex-rs/hooks/src/engine/discovery.rs normalize_command_hook).
new RuleTester().run(timeoutCapped, {
  valid: [
    { name: '30s exactly', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n      timeout: 30s\n' } },
    { name: 'claude: a SessionEnd timeout of 60 s, the most the budget grows to', files: { [CLAUDE_SETTINGS]: sessionEnd('60') } },
    {
      name: 'claude: a long timeout on another event',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 900 }] }] } }' },
    },
    { name: 'codex SessionEnd at 3s', files: { [CODEX_JSON]: codexSessionEnd(3) } },
    {
      name: 'another codex event at 600s',
      files: { [CODEX_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 600 }] }] } }\n' },
    },
  ],
  invalid: [
    {
      name: 'a dialect whose timeouts are in milliseconds, with a cap on one event: the cap in ms',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 5000 }] }] } }' },
      adjustSpec: inMilliseconds({ Stop: { defaultMs: 1000, maxMs: 3000 } }),
      errors: [
        {
          messageId: 'cappedOnEventInUnit',
          line: 1,
          column: 83,
          message: 'timeout 5000 is above the 3000 ms maximum of Stop hooks; the agent clamps it to 3000 ms',
        },
      ],
    },
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
    {
      name: 'a SessionEnd timeout written in milliseconds says so (issue 23)',
      files: { [CODEX_JSON]: codexSessionEnd(15000) },
      errors: [
        {
          messageId: 'cappedOnEventMs',
          line: 1,
          column: 89,
          message:
            'timeout 15000 is above the 3s maximum of SessionEnd hooks, and looks like milliseconds: ' +
            'timeouts are in seconds (15000 ms would be 15); the agent clamps it to 3s',
        },
      ],
    },
    {
      name: 'a codex SessionEnd timeout above 3s',
      files: { [CODEX_JSON]: codexSessionEnd(10) },
      errors: [
        {
          messageId: 'cappedOnEvent',
          line: 1,
          column: 89,
          data: { value: '10', maxSeconds: 3, event: 'SessionEnd' },
          message: 'timeout 10 is above the 3s maximum of SessionEnd hooks; the agent clamps it to 3s',
        },
      ],
    },
  ],
});
