import { timeoutCapped } from '../../../src/lint/rules/timeout-capped.js';
import { CODEX_JSON, OCTO_YAML, RuleTester } from '../rule-tester.js';

const sessionEnd = (timeout: number) => `{ "hooks": { "SessionEnd": [{ "hooks": [{ "type": "command", "command": "x", "timeout": ${timeout} }] }] } }\n`;

// octo caps every timeout at 30s; Codex clamps SessionEnd timeouts to 3 s (codex-rs/hooks/src/engine/discovery.rs normalize_command_hook).
new RuleTester().run(timeoutCapped, {
  valid: [
    { name: '30s exactly', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n      timeout: 30s\n' } },
    { name: 'codex SessionEnd at 3s', files: { [CODEX_JSON]: sessionEnd(3) } },
    { name: 'another codex event at 600s', files: { [CODEX_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 600 }] }] } }\n' } },
  ],
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
    {
      name: 'a codex SessionEnd timeout above 3s',
      files: { [CODEX_JSON]: sessionEnd(10) },
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
