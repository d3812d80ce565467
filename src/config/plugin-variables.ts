import type { PluginInfo } from './config-file.js';

/** A plugin command with the literal `${PLUGIN_ROOT}` and `${PLUGIN_DATA}` replaced (SPEC 2.1). */
export function substitutePluginVariables(command: string, plugin: PluginInfo | null): string {
  if (plugin === null) return command;
  return command.replaceAll('${PLUGIN_ROOT}', plugin.root).replaceAll('${PLUGIN_DATA}', plugin.data);
}

/** The environment a plugin's commands run with. */
export function pluginEnvironment(plugin: PluginInfo | null): Record<string, string> {
  return plugin === null ? {} : { PLUGIN_ROOT: plugin.root, PLUGIN_DATA: plugin.data };
}
