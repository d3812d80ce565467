import { createRule } from '../../../config/rule.js';
import { claudeHookSwitches } from '../settings.js';

const MESSAGE_OF = {
  'all-off': 'allOff',
  'non-managed-off': 'nonManagedOff',
  'managed-only': 'managedOnly',
  'plugin-only': 'pluginOnly',
} as const;

/**
 * Worth knowing when "my hook does not run": a setting in force keeps hooks from running (Claude's
 * settings.ts decides which setting wins across layers). Not a problem in the file —
 * the setting does its job — so it is info, reported where the deciding setting is written.
 */
export const hooksSwitch = createRule({
  id: 'hooks-switch',
  severity: 'info',
  description: 'a setting that keeps hooks from running (disableAllHooks, allowManagedHooksOnly, strictPluginOnlyCustomization)',
  atLoad: true,
  messages: {
    allOff: '{{setting}} is true in managed settings: no hook runs, managed hooks included',
    nonManagedOff: '{{setting}} is true: only managed hooks and plugins enabled by managed settings run',
    managedOnly: '{{setting}} is set: only managed hooks and plugins enabled by managed settings run',
    pluginOnly: '{{setting}} locks hooks: user, project and local settings hooks do not run',
  },
  check({ checked, all, report }) {
    for (const { effect, file, entry } of claudeHookSwitches(all.map((other) => other.file))) {
      if (file === checked.file) report({ messageId: MESSAGE_OF[effect], data: { setting: entry.key }, pos: entry.keyPos });
    }
  },
});
