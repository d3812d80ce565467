import { asyncNotAllowed } from '../../../src/lint/rules/async-not-allowed.js';
import { OCTO_YAML, OI_JSON, RuleTester } from '../rule-tester.js';

const ALLOWED = 'Stop, SubagentStop, PreCompact';

// Only octo restricts async (SPEC 3.2); every openinterpreter event may run async handlers.
new RuleTester().run(asyncNotAllowed, {
  valid: [
    {
      name: 'async on Stop, SubagentStop and PreCompact, and async: false anywhere',
      files: {
        [OCTO_YAML]:
          'hooks:\n  Stop:\n    - command: a\n      async: true\n  PreCompact:\n    - command: b\n      async: true\n  PreToolUse:\n' +
          '    - command: c\n      async: false\n',
      },
    },
    {
      name: 'async on any openinterpreter event',
      files: { [OI_JSON]: '{ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command", "command": "x", "async": true }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'async: true on octo events that must run synchronously',
      files: {
        [OCTO_YAML]:
          'hooks:\n  PreToolUse:\n    - command: gate\n      async: true\n  PostToolUse:\n    - command: log\n      async: true\n',
      },
      errors: [
        {
          messageId: 'asyncOnGate',
          line: 4,
          column: 14,
          data: { event: 'PreToolUse', allowed: ALLOWED },
          message:
            'async: true is not allowed on PreToolUse (it is the gate and must answer before the tool runs); ' +
            `only ${ALLOWED} may run asynchronously`,
        },
        {
          messageId: 'asyncOnContextEvent',
          line: 7,
          column: 14,
          data: { event: 'PostToolUse', allowed: ALLOWED },
          message:
            'async: true is not allowed on PostToolUse (its output must be ready before the agent goes on); ' +
            `only ${ALLOWED} may run asynchronously`,
        },
      ],
    },
  ],
});
