import { hooksSwitch } from '../../../../src/dialects/claude/rules/hooks-switch.js';
import { CLAUDE_SETTINGS, RuleTester } from '../../../lint/rule-tester.js';

/**
 * A managed drop-in: the RuleTester's managed path is `etc/requirements.toml`, so drop-ins live in
 * `etc/managed-settings.d/`. Cases list the project settings first: the dialect is the first file's.
 */
const MANAGED = 'etc/managed-settings.d/policy.json';
const hooks = '"hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] }';

// cc settings-reference §disableAllHooks, §allowManagedHooksOnly, §strictPluginOnlyCustomization (SPEC-dialects 8.1).
new RuleTester().run(hooksSwitch, {
  valid: [
    { name: 'no switch', files: { [CLAUDE_SETTINGS]: `{ ${hooks} }` } },
    { name: 'disableAllHooks false', files: { [CLAUDE_SETTINGS]: `{ "disableAllHooks": false, ${hooks} }` } },
    {
      name: 'allowManagedHooksOnly false in managed settings',
      files: { [CLAUDE_SETTINGS]: '{}', [MANAGED]: '{ "allowManagedHooksOnly": false }' },
      effective: true,
    },
    {
      name: 'strictPluginOnlyCustomization locking other things',
      files: { [CLAUDE_SETTINGS]: '{}', [MANAGED]: '{ "strictPluginOnlyCustomization": ["skills"] }' },
      effective: true,
    },
  ],
  invalid: [
    {
      name: 'disableAllHooks in project settings',
      files: { [CLAUDE_SETTINGS]: `{\n  "disableAllHooks": true,\n  ${hooks}\n}\n` },
      errors: [
        {
          messageId: 'nonManagedOff',
          line: 2,
          column: 3,
          data: { setting: 'disableAllHooks' },
          message: 'disableAllHooks is true: only managed hooks and plugins enabled by managed settings run',
        },
      ],
    },
    {
      // With managed disableAllHooks nothing runs: the other switches change nothing and are not reported.
      name: 'every switch in managed settings: disableAllHooks decides alone',
      files: {
        [CLAUDE_SETTINGS]: '{}',
        [MANAGED]: '{\n  "disableAllHooks": true,\n  "allowManagedHooksOnly": true,\n  "strictPluginOnlyCustomization": ["hooks"]\n}\n',
      },
      effective: true,
      errors: [
        {
          messageId: 'allOff',
          file: MANAGED,
          line: 2,
          column: 3,
          message: 'disableAllHooks is true in managed settings: no hook runs, managed hooks included',
        },
      ],
    },
    {
      name: 'allowManagedHooksOnly and strictPluginOnlyCustomization in managed settings',
      files: {
        [CLAUDE_SETTINGS]: '{}',
        [MANAGED]: '{\n  "allowManagedHooksOnly": true,\n  "strictPluginOnlyCustomization": ["hooks"]\n}\n',
      },
      effective: true,
      errors: [
        { messageId: 'managedOnly', file: MANAGED, line: 2, column: 3, data: { setting: 'allowManagedHooksOnly' } },
        {
          messageId: 'pluginOnly',
          file: MANAGED,
          line: 3,
          column: 3,
          message: 'strictPluginOnlyCustomization locks hooks: user, project and local settings hooks do not run',
        },
      ],
    },
    {
      // The setting of the highest-precedence layer decides (cc settings §Settings precedence): local over project.
      name: 'the deciding file only',
      files: { [CLAUDE_SETTINGS]: '{ "disableAllHooks": false }', 'project/.claude/settings.local.json': '{ "disableAllHooks": true }' },
      effective: true,
      errors: [{ messageId: 'nonManagedOff', file: 'project/.claude/settings.local.json', line: 1, column: 3 }],
    },
  ],
});
