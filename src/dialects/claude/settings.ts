import type { ConfigFile } from '../../config/config-file.js';
import { setField } from '../../config/field-value.js';
import { mergedListSources } from '../../config/merged-list.js';
import type { SourceEntry, SourceNode } from '../../config/source-tree.js';
import type { HandlerSource } from '../../kit/index.js';

/**
 * Settings keys that steer hooks, read across the settings layers (SPEC-dialects 8.1, 8.2). Only
 * settings files count (managed, user, project, local, flag); plugin hooks files hold no settings.
 */

/** A setting that keeps hooks from running, in force: what it does, and the entry that decided. */
export interface HookSwitch {
  /**
   * `all-off`: no hook runs, managed ones included; `non-managed-off`: only managed hooks (and
   * plugins the managed settings enable) run; `managed-only`: the same, by a managed-only policy;
   * `plugin-only`: user, project and local hooks do not run.
   */
  effect: 'all-off' | 'non-managed-off' | 'managed-only' | 'plugin-only';
  file: ConfigFile;
  entry: SourceEntry;
}

/** The precedence of single values, highest first (cc settings §Settings precedence). */
const PRECEDENCE: readonly HandlerSource[] = ['managed', 'flag', 'local', 'project', 'user'];

/** A settings file whose keys apply: parsed to an object. (A file that is not valid JSON contributes no settings.) */
function settingsEntries(files: readonly ConfigFile[], key: string): { file: ConfigFile; entry: SourceEntry }[] {
  const found: { file: ConfigFile; entry: SourceEntry }[] = [];
  for (const file of files) {
    if (file.source === 'plugin' || file.parsed.root?.kind !== 'object') continue;
    const entry = setField(file.parsed.root, key);
    if (entry) found.push({ file, entry });
  }
  return found;
}

/** Files in order of precedence, highest first; within one source, the later file wins (managed drop-ins, local). */
function byPrecedence<T extends { file: ConfigFile }>(items: readonly T[]): T[] {
  return PRECEDENCE.flatMap((source) => items.filter((item) => item.file.source === source).reverse());
}

const isTrue = (node: SourceNode) => node.kind === 'scalar' && node.value === true;
const isBoolean = (node: SourceNode) => node.kind === 'scalar' && typeof node.value === 'boolean';

/** A setting in force: the file and the entry that decided. */
export interface SettingAt {
  file: ConfigFile;
  entry: SourceEntry;
}

export interface HookSwitches {
  /** Managed `disableAllHooks: true`: nothing runs, managed hooks included. */
  allOff: SettingAt | null;
  /** `disableAllHooks: true` decided by flag > local > project > user: only managed hooks (and force-enabled plugins) run. */
  nonManagedOff: SettingAt | null;
  /**
   * Managed `allowManagedHooksOnly`, true when set to true or set to anything that is not a boolean
   * (fails closed, cc managed §Keys that fail closed).
   */
  managedOnly: SettingAt | null;
  /** Managed `strictPluginOnlyCustomization`: true or an array naming "hooks" drops user, project and local hooks. */
  pluginOnly: SettingAt | null;
}

/** The switches of SPEC-dialects 8.1 (cc settings-ref §disableAllHooks, §allowManagedHooksOnly, §strictPluginOnlyCustomization). */
export function hookSwitches(files: readonly ConfigFile[]): HookSwitches {
  const managed = files.filter((file) => file.source === 'managed');
  const disable = settingsEntries(files, 'disableAllHooks').filter(({ entry }) => isBoolean(entry.value));
  const managedDisable = byPrecedence(disable.filter(({ file }) => file.source === 'managed'))[0];
  const otherDisable = byPrecedence(disable.filter(({ file }) => file.source !== 'managed'))[0];
  const managedOnly = byPrecedence(settingsEntries(managed, 'allowManagedHooksOnly'))[0];
  const strict = byPrecedence(settingsEntries(managed, 'strictPluginOnlyCustomization'))[0];
  const locksHooks = (node: SourceNode) =>
    isTrue(node) || (node.kind === 'array' && node.items.some((item) => item.kind === 'scalar' && item.value === 'hooks'));
  const notFalse = (node: SourceNode) => !(node.kind === 'scalar' && node.value === false);
  return {
    allOff: managedDisable !== undefined && isTrue(managedDisable.entry.value) ? managedDisable : null,
    nonManagedOff: otherDisable !== undefined && isTrue(otherDisable.entry.value) ? otherDisable : null,
    managedOnly: managedOnly !== undefined && notFalse(managedOnly.entry.value) ? managedOnly : null,
    pluginOnly: strict !== undefined && locksHooks(strict.entry.value) ? strict : null,
  };
}

/**
 * The switches in force as the config spec lists them (the `hooks-switch` rule reports each where
 * it is written); with managed `disableAllHooks` nothing else matters.
 */
export function claudeHookSwitches(files: readonly ConfigFile[]): HookSwitch[] {
  const switches = hookSwitches(files);
  if (switches.allOff) return [{ effect: 'all-off', ...switches.allOff }];
  const found: HookSwitch[] = [];
  if (switches.nonManagedOff) found.push({ effect: 'non-managed-off', ...switches.nonManagedOff });
  if (switches.managedOnly) found.push({ effect: 'managed-only', ...switches.managedOnly });
  if (switches.pluginOnly) found.push({ effect: 'plugin-only', ...switches.pluginOnly });
  return found;
}

/**
 * The merged `enabledPlugins` map (cc settings-ref §enabledPlugins): for each `name@marketplace`
 * the value of the highest-precedence layer that names it, so a managed `false` blocks the plugin
 * everywhere; `at` is that entry. `forced` holds the plugins managed settings enable, which
 * `disableAllHooks` outside managed settings and `allowManagedHooksOnly` leave running.
 */
export function enabledPlugins(files: readonly ConfigFile[]): {
  enabled: Map<string, boolean>;
  at: Map<string, SettingAt>;
  forced: Set<string>;
} {
  const enabled = new Map<string, boolean>();
  const at = new Map<string, SettingAt>();
  const forced = new Set<string>();
  for (const { file, entry } of byPrecedence(settingsEntries(files, 'enabledPlugins'))) {
    if (entry.value.kind !== 'object') continue;
    for (const item of entry.value.entries) {
      if (item.value.kind !== 'scalar' || typeof item.value.value !== 'boolean' || enabled.has(item.key)) continue;
      enabled.set(item.key, item.value.value);
      at.set(item.key, { file, entry: item });
      if (file.source === 'managed' && item.value.value) forced.add(item.key);
    }
  }
  return { enabled, at, forced };
}

/**
 * A list setting merged across every settings layer (cc managed: "lists merge with duplicates
 * removed"): null when no layer defines it, which means "no restriction".
 */
export function mergedList(files: readonly ConfigFile[], key: string): string[] | null {
  const sources = mergedListSources(settingsFiles(files), key);
  return sources === null ? null : [...sources.keys()];
}

/** The files whose keys are settings (not plugin hooks files), in layer order. */
export function settingsFiles(files: readonly ConfigFile[]): ConfigFile[] {
  return files.filter((file) => file.source !== 'plugin');
}
