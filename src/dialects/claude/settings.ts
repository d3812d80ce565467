import type { ConfigFile } from '../../config/config-file.js';
import { setField } from '../../config/field-value.js';
import type { SourceEntry, SourceNode } from '../../config/source-tree.js';
import type { HandlerSource } from '../../kit/index.js';

/**
 * Settings keys that steer hooks, read across the settings layers (SPEC-dialects 8.1, 8.2). Only
 * settings files count (managed, user, project, local, flag); plugin hooks files hold no settings.
 */

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

export interface HookSwitches {
  /** Managed `disableAllHooks: true`: nothing runs, managed hooks included. */
  allOff: { file: string; line: number; column: number } | null;
  /** `disableAllHooks: true` decided by flag > local > project > user: only managed hooks (and force-enabled plugins) run. */
  nonManagedOff: { file: string; line: number; column: number } | null;
  /** Managed `allowManagedHooksOnly`, true when set to true or set to anything that is not a boolean (fails closed, cc managed §Keys that fail closed). */
  managedOnly: { file: string } | null;
  /** Managed `strictPluginOnlyCustomization`: true or an array naming "hooks" drops user, project and local hooks. */
  pluginOnly: { file: string } | null;
}

/** Where a switch is set: its file and the position of its key. */
function switchAt({ file, entry }: { file: ConfigFile; entry: SourceEntry }): { file: string; line: number; column: number } {
  return { file: file.parsed.path, line: entry.keyPos.line, column: entry.keyPos.column };
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
  return {
    allOff: managedDisable !== undefined && isTrue(managedDisable.entry.value) ? switchAt(managedDisable) : null,
    nonManagedOff: otherDisable !== undefined && isTrue(otherDisable.entry.value) ? switchAt(otherDisable) : null,
    managedOnly:
      managedOnly !== undefined && !(managedOnly.entry.value.kind === 'scalar' && managedOnly.entry.value.value === false)
        ? { file: managedOnly.file.parsed.path }
        : null,
    pluginOnly: strict !== undefined && locksHooks(strict.entry.value) ? { file: strict.file.parsed.path } : null,
  };
}

/**
 * The merged `enabledPlugins` map (cc settings-ref §enabledPlugins): for each `name@marketplace`
 * the value of the highest-precedence layer that names it, so a managed `false` blocks the plugin
 * everywhere. `forced` holds the plugins managed settings enable, which `disableAllHooks` outside
 * managed settings and `allowManagedHooksOnly` leave running.
 */
export function enabledPlugins(files: readonly ConfigFile[]): { enabled: Map<string, boolean>; forced: Set<string> } {
  const enabled = new Map<string, boolean>();
  const forced = new Set<string>();
  for (const { file, entry } of byPrecedence(settingsEntries(files, 'enabledPlugins'))) {
    if (entry.value.kind !== 'object') continue;
    for (const item of entry.value.entries) {
      if (item.value.kind !== 'scalar' || typeof item.value.value !== 'boolean' || enabled.has(item.key)) continue;
      enabled.set(item.key, item.value.value);
      if (file.source === 'managed' && item.value.value) forced.add(item.key);
    }
  }
  return { enabled, forced };
}

/**
 * A list setting merged across every settings layer (cc managed: "lists merge with duplicates
 * removed"): null when no layer defines it, which means "no restriction".
 */
export function mergedList(files: readonly ConfigFile[], key: string): string[] | null {
  const entries = settingsEntries(files, key).filter(({ entry }) => entry.value.kind === 'array');
  if (entries.length === 0) return null;
  const merged = new Set<string>();
  for (const { entry } of entries) {
    if (entry.value.kind !== 'array') continue;
    for (const item of entry.value.items) if (item.kind === 'scalar' && typeof item.value === 'string') merged.add(item.value);
  }
  return [...merged];
}
