import { managedPolicyUnreadable } from '../../../../src/dialects/claude/rules/managed-policy-unreadable.js';
import { CLAUDE_SETTINGS, RuleTester } from '../../../lint/rule-tester.js';

/** Managed drop-ins (the RuleTester's managed path is `etc/requirements.toml`), linted as the effective layers. */
const MANAGED = 'etc/managed-settings.d/policy.json';
const OTHER = 'etc/managed-settings.d/zz-other.json';
const guard = '{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo guard" }] }';
const broken = '{ "matcher": "Bash", "hooks": [{ "type": "command" }] }';

// Proven on Claude Code 2.1.332 (test/agents/claude "managed:" cases; src/dialects/claude/managed-policy.ts).
new RuleTester().run(managedPolicyUnreadable, {
  valid: [
    {
      name: 'a working managed guard',
      files: { [CLAUDE_SETTINGS]: '{}', [MANAGED]: `{ "hooks": { "PreToolUse": [${guard}] } }` },
      effective: true,
    },
    {
      name: 'a broken Stop entry: dropped alone',
      files: {
        [CLAUDE_SETTINGS]: '{}',
        [MANAGED]: `{ "hooks": { "PreToolUse": [${guard}], "Stop": [{ "hooks": [{ "type": "command" }] }] } }`,
      },
      effective: true,
    },
    {
      name: 'a broken guard entry in a project file: invalid-value says what it costs there',
      files: { [CLAUDE_SETTINGS]: `{ "hooks": { "PreToolUse": [${broken}] } }` },
    },
  ],
  invalid: [
    {
      name: 'nothing but a broken guard entry: Claude will not start',
      files: {
        [CLAUDE_SETTINGS]: '{}',
        [MANAGED]: `{\n  "hooks": {\n    "PreToolUse": [\n      ${guard},\n      ${broken}\n    ]\n  }\n}\n`,
      },
      effective: true,
      errors: [
        {
          messageId: 'refusesStart',
          file: MANAGED,
          // The handler Claude rejects (no "command"), inside the second matcher group.
          line: 5,
          column: 38,
          message:
            'Claude Code 2.1.332 will not start with this managed settings file ("Unable to read managed policy settings"): ' +
            'it cannot load this PreToolUse entry, and no managed settings file holds any other policy; fix or remove it',
        },
      ],
    },
    {
      name: 'allowManagedHooksOnly beside it: the file loads, none of its hooks',
      files: { [CLAUDE_SETTINGS]: '{}', [MANAGED]: `{ "allowManagedHooksOnly": true, "hooks": { "PreToolUse": [${broken}] } }` },
      effective: true,
      errors: [
        {
          messageId: 'hooksOff',
          file: MANAGED,
          line: 1,
          column: 91,
          message:
            'Claude Code 2.1.332 runs no hook of this managed settings file: it cannot load this PreToolUse entry; ' +
            'its other settings apply; fix or remove it',
        },
      ],
    },
    {
      name: 'another managed file holds policy: Claude starts, this one loses its hooks',
      files: { [CLAUDE_SETTINGS]: '{}', [MANAGED]: `{ "hooks": [{ "PreToolUse": [${guard}] }] }`, [OTHER]: '{ "cleanupPeriodDays": 30 }' },
      effective: true,
      errors: [
        {
          messageId: 'hooksOff',
          file: MANAGED,
          line: 1,
          column: 12,
          data: { agent: 'Claude Code 2.1.332', what: '"hooks" is a list holding objects, not an object of event names' },
        },
      ],
    },
    {
      name: 'a managed file that is not JSON: Claude will not start, whatever else holds policy',
      files: { [CLAUDE_SETTINGS]: '{}', [MANAGED]: '{ "hooks": ', [OTHER]: `{ "hooks": { "PreToolUse": [${guard}] } }` },
      effective: true,
      errors: [{ messageId: 'refusesStart', file: MANAGED, line: 1, column: 1 }],
    },
  ],
});
