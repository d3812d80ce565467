import { exitTwoStderr } from '../../../../src/dialects/copilot/rules/exit-two-stderr.js';
import { COPILOT_JSON, RuleTester } from '../../../lint/rule-tester.js';

const hooks = (event: string, entry: Record<string, unknown>) =>
  `${JSON.stringify({ version: 1, hooks: { [event]: [{ type: 'command', ...entry }] } })}\n`;
const AT_BASH = { line: 1, column: 62 };
const AGENT_STOP = 'Copilot CLI shows stderr as a warning (print {"decision": "block"} to keep the agent going)';

// test/agents/copilot/cases.ts: on preToolUse exit 2 denies with "hook exited with code 2" and stderr is not the reason;
// on userPromptSubmitted and agentStop exit 2 blocks nothing.
new RuleTester().run(exitTwoStderr, {
  valid: [
    {
      name: 'the deny printed as JSON',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', {
          bash: 'echo \'{"permissionDecision":"deny","permissionDecisionReason":"no rm"}\'',
        }),
      },
    },
    { name: 'exit 2 with nothing on stderr', files: { [COPILOT_JSON]: hooks('preToolUse', { bash: 'grep -q rm && exit 2' }) } },
    { name: 'stderr as a log, then exit 0', files: { [COPILOT_JSON]: hooks('preToolUse', { bash: 'echo checked >&2; exit 0' }) } },
    {
      name: 'both the JSON answer and a stderr log',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: 'sh .github/hooks/g.sh' }),
        'project/.github/hooks/g.sh': 'echo \'{"permissionDecision":"deny"}\'\necho denied >&2\nexit 2\n',
      },
    },
    { name: 'exit 2 in agentStop’s own command is output-ignored’s', files: { [COPILOT_JSON]: hooks('agentStop', { bash: 'exit 2' }) } },
    { name: 'a postToolUse hook is not judged', files: { [COPILOT_JSON]: hooks('postToolUse', { bash: 'echo x >&2; exit 2' }) } },
  ],
  invalid: [
    {
      name: 'echo >&2 then exit 2 in the bash command',
      files: { [COPILOT_JSON]: hooks('preToolUse', { bash: 'if grep -q "rm -rf"; then echo "no rm -rf" >&2; exit 2; fi' }) },
      errors: [{ messageId: 'reasonLost', ...AT_BASH, data: { where: '' } }],
    },
    {
      name: 'a Python guard: sys.stderr and sys.exit(2), with the line',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: 'python3 .github/hooks/guard.py' }),
        'project/.github/hooks/guard.py': 'import sys\nprint("blocked", file=sys.stderr)\nsys.exit(2)\n',
      },
      errors: [{ messageId: 'reasonLost', ...AT_BASH, data: { where: ' (in <root>/project/.github/hooks/guard.py line 3)' } }],
    },
    {
      name: 'an agentStop script that exits 2 to keep the agent going',
      files: {
        [COPILOT_JSON]: hooks('agentStop', { bash: 'sh .github/hooks/stop.sh' }),
        'project/.github/hooks/stop.sh': '#!/bin/sh\nif ! make -s check; then\n  echo "fix the checks" >&2\n  exit 2\nfi\n',
      },
      errors: [
        {
          messageId: 'notBlocked',
          line: 1,
          column: 61,
          data: { where: ' (in <root>/project/.github/hooks/stop.sh line 4)', event: 'agentStop', effect: AGENT_STOP },
        },
      ],
    },
  ],
});
