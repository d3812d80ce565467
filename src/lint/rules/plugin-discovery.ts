import { PLUGIN_NOTICES } from '../../config/plugin-notices.js';
import type { MessageData } from '../message.js';
import { createRule } from '../rule.js';

/** The notice data that are paths: shown as every path in a message is (relative to the repository in lint). */
const PATH_KEYS = new Set(['dir', 'file']);

/**
 * An enabled plugin the agent cannot load, or a hooks file its manifest names that it cannot use
 * (SPEC 6.2: never a silent skip). Discovery finds these while looking for the plugin's hooks and
 * records them on the file they are about (`ConfigFile.notices`): the settings entry that enables
 * the plugin, or the manifest. This rule reports them, so lint, list, dry-run and the outcome say
 * the same, in the agent's own words where it has them.
 */
export const pluginDiscovery = createRule({
  id: 'plugin-discovery',
  severity: 'warning',
  description: 'an enabled plugin that is not installed, or a hooks path its manifest names that the agent cannot load',
  atLoad: true,
  messages: PLUGIN_NOTICES,
  check({ checked, report, showPath }) {
    for (const { pos, ...notice } of checked.file.notices ?? []) {
      const data: MessageData = Object.fromEntries(
        Object.entries(notice.data ?? {}).map(([key, value]) => [
          key,
          PATH_KEYS.has(key) && typeof value === 'string' ? showPath(value) : value,
        ]),
      );
      report({ ...notice, data, pos } as never);
    }
  },
});
