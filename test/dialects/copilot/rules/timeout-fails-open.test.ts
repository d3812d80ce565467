import { timeoutFailsOpen } from '../../../../src/dialects/copilot/rules/timeout-fails-open.js';
import { COPILOT_JSON, RuleTester } from '../../../lint/rule-tester.js';

const hooks = (event: string, entry: Record<string, unknown>) =>
  `${JSON.stringify({ version: 1, hooks: { [event]: [{ type: 'command', ...entry }] } })}\n`;

// test/agents/copilot/cases.ts, "a timeout allows (fail-open)": a preToolUse hook that sleeps 4 s with timeoutSec 1 lets the call run.
new RuleTester().run(timeoutFailsOpen, {
  valid: [
    {
      name: 'a sleep shorter than the timeout',
      files: { [COPILOT_JSON]: hooks('preToolUse', { bash: 'sleep 2; exit 0', timeoutSec: 10 }) },
    },
    { name: 'a computed wait is not judged', files: { [COPILOT_JSON]: hooks('preToolUse', { bash: 'sleep "$WAIT"', timeoutSec: 1 }) } },
    { name: 'sleep on another event', files: { [COPILOT_JSON]: hooks('sessionStart', { bash: 'sleep 60', timeoutSec: 5 }) } },
    { name: 'a sleep in a comment', files: { [COPILOT_JSON]: hooks('preToolUse', { bash: 'true # sleep 60', timeoutSec: 5 }) } },
  ],
  invalid: [
    {
      name: 'sleep at least timeoutSec in the bash command',
      files: { [COPILOT_JSON]: hooks('preToolUse', { bash: 'sleep 5; exit 0', timeoutSec: 5 }) },
      errors: [{ messageId: 'sleepsPastTimeout', line: 1, column: 62, data: { sleep: '"sleep 5"', where: '', timeout: 'timeoutSec 5' } }],
    },
    {
      name: 'a minute in the script, against the 30 s default',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: 'sh .github/hooks/wait.sh' }),
        'project/.github/hooks/wait.sh': '#!/bin/sh\n# wait for the review service\nsleep 1m\necho \'{"permissionDecision":"deny"}\'\n',
      },
      errors: [
        {
          messageId: 'sleepsPastTimeout',
          line: 1,
          column: 62,
          data: {
            sleep: '"sleep 1m"',
            where: ' (in <root>/project/.github/hooks/wait.sh line 3)',
            timeout: '30 s when timeoutSec is unset',
          },
        },
      ],
    },
    {
      name: "Python's time.sleep",
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: 'python3 .github/hooks/g.py', timeoutSec: 2 }),
        'project/.github/hooks/g.py': 'import time\ntime.sleep(3)\n',
      },
      errors: [
        {
          messageId: 'sleepsPastTimeout',
          line: 1,
          column: 62,
          data: { sleep: '"time.sleep(3)"', where: ' (in <root>/project/.github/hooks/g.py line 2)', timeout: 'timeoutSec 2' },
        },
      ],
    },
  ],
});
