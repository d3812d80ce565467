import type { DialectConfigSpec } from '../../../src/config/config-spec.js';
import { asyncNotAllowed } from '../../../src/lint/rules/async-not-allowed.js';
import { OCTO_YAML, OI_JSON, RuleTester } from '../rule-tester.js';

const ALLOWED = 'Stop, SubagentStop, PreCompact';
const GEMINI = 'project/.gemini/settings.json';
const withoutOwnRules = (spec: DialectConfigSpec): DialectConfigSpec => ({ ...spec, rules: undefined }) as DialectConfigSpec;

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
      // Gemini CLI knows no `async` key and runs the hook (test/conformance/gemini, async-key-ignored):
      // its rules replace this one, and unknown-key says the key is ignored.
      name: 'gemini: async: true is a key Gemini CLI ignores, so the hook is not dropped',
      files: { [GEMINI]: '{ "hooks": { "BeforeTool": [{ "hooks": [{ "type": "command", "command": "gate", "async": true }] }] } }\n' },
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
      // A dialect none of whose events runs hooks async and that refuses the key: gemini's events without its rules.
      name: 'async: true where no event runs a hook asynchronously: no list of events to offer',
      adjustSpec: withoutOwnRules,
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
