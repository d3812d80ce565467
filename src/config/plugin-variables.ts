import type { PluginInfo } from './config-file.js';

/**
 * The variables a plugin's commands get, in the environment and substituted where the command
 * names them literally as `${NAME}` (SPEC 2.1). The `CLAUDE_` pair carries the same values for
 * plugins written for Claude Code (Codex: codex-rs/hooks/src/engine/discovery.rs append_plugin_hook_sources).
 */
export function pluginEnvironment(plugin: PluginInfo | null): Record<string, string> {
  if (plugin === null) return {};
  return { PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_ROOT: plugin.root, PLUGIN_DATA: plugin.data, CLAUDE_PLUGIN_DATA: plugin.data };
}

/** A plugin command with every literal `${PLUGIN_ROOT}`, `${PLUGIN_DATA}` (and `CLAUDE_` twins) replaced. */
export function substitutePluginVariables(command: string, plugin: PluginInfo | null): string {
  let substituted = command;
  for (const [name, value] of Object.entries(pluginEnvironment(plugin))) substituted = substituted.replaceAll(`\${${name}}`, value);
  return substituted;
}
