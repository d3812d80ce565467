import { asyncNotAllowed } from '../../../src/lint/rules/async-not-allowed.js';
import { OCTO_YAML, OI_JSON, RuleTester } from '../rule-tester.js';

const ALLOWED = 'Stop, SubagentStop, PreCompact';
const GEMINI = 'project/.gemini/settings.json';

// octo restricts async (SPEC 3.2), gemini has none; every openinterpreter event may run async handlers.
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
    {
      name: 'async: true on gemini, whose events never run a hook asynchronously: no list of events to offer',
      files: {
        [GEMINI]:
          '{ "hooks": { "BeforeTool": [{ "hooks": [{ "type": "command", "command": "gate", "async": true }] }],\n' +
          '  "AfterTool": [{ "hooks": [{ "type": "command", "command": "log", "async": true }] }] } }\n',
      },
      errors: [
        {
          messageId: 'noAsyncEvents',
          line: 1,
          column: 90,
          data: { event: 'BeforeTool', dialect: 'gemini' },
          message: 'async: true is not allowed on BeforeTool: gemini runs no hook asynchronously; remove it',
        },
        {
          messageId: 'noAsyncEvents',
          line: 2,
          column: 77,
          data: { event: 'AfterTool', dialect: 'gemini' },
          message: 'async: true is not allowed on AfterTool: gemini runs no hook asynchronously; remove it',
        },
      ],
    },
  ],
});
