import { readdir, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { setField } from '../../config/field-value.js';
import { readConfigFile } from '../../config/read-config-file.js';
import type { SourceNode, SourceObject } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { claudeUserDir } from './paths.js';
import { enabledPlugins } from './settings.js';

/** One plugin hookctl loads: its id (`name@marketplace`), install dir, data dir. */
export interface ClaudePlugin extends PluginInfo {
  /** Enabled by managed settings: `disableAllHooks` outside managed settings and `allowManagedHooksOnly` leave it running. */
  forced: boolean;
}

/** Something about plugin discovery a person should hear (several cached versions, an enabled plugin not installed). */
export interface PluginNotice {
  file: string;
  message: string;
}

/** The plugins' hooks files, plus the notices of their discovery. */
export interface DiscoveredPlugins {
  files: ConfigFile[];
  plugins: ClaudePlugin[];
  notices: PluginNotice[];
  /**
   * Every path whose change alters what was found (LoadedConfig.watchPaths): each enabled plugin's
   * cache listing (a version installed or removed), and in each plugin loaded its manifest, its
   * default hooks file and every hooks file its manifest names, present or not.
   */
  watchPaths: string[];
}

const SEGMENT = /^[^/\\\0]+$/;

/** `name@marketplace` → data dir name: every character outside `[A-Za-z0-9_-]` becomes `-` (cc plugins-ref §Persistent data directory). */
export function pluginDataName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '-');
}

/** Every enabled plugin's hooks files (what spec.discover needs); see discoverPluginsWithNotices. */
export async function discoverPlugins(settings: readonly ConfigFile[], context: LoadContext): Promise<ConfigFile[]> {
  return (await discoverPluginsWithNotices(settings, context)).files;
}

/**
 * The plugins of SPEC-dialects 8.1, ordered by id: each `name@marketplace` the merged
 * `enabledPlugins` turns on, found in `<U>/plugins/cache/<marketplace>/<name>/<version>/` (the
 * newest version directory by mtime: the install record's format is undocumented), and each
 * `--plugin-dir` as `<name>@inline`. A plugin contributes `hooks/hooks.json` and whatever its
 * manifest's `hooks` key names.
 */
export async function discoverPluginsWithNotices(settings: readonly ConfigFile[], context: LoadContext): Promise<DiscoveredPlugins> {
  const userDir = claudeUserDir(context);
  const { enabled, forced } = enabledPlugins(settings);
  const notices: PluginNotice[] = [];
  const plugins: ClaudePlugin[] = [];
  const watchPaths: string[] = [];
  for (const [id, on] of enabled) {
    if (!on) continue;
    const at = id.lastIndexOf('@');
    const name = id.slice(0, at);
    const marketplace = id.slice(at + 1);
    const cacheDir = join(userDir, 'plugins', 'cache', marketplace, name);
    if (at <= 0 || !SEGMENT.test(name) || !SEGMENT.test(marketplace) || name === '..' || marketplace === '..' || name === '.' || marketplace === '.') {
      notices.push({ file: userDir, message: `enabledPlugins names "${id}", which is not a plugin id of the form name@marketplace; ignored` });
      continue;
    }
    watchPaths.push(`${cacheDir}${sep}`);
    const root = await newestVersion(cacheDir, id, notices);
    if (root === null) continue;
    plugins.push({ name: id, root, data: join(userDir, 'plugins', 'data', pluginDataName(id)), forced: forced.has(id) });
  }
  for (const dir of context.pluginDirs ?? []) {
    const root = resolve(context.cwd, dir);
    const id = `${(await manifestName(root)) ?? basename(root)}@inline`;
    plugins.push({ name: id, root, data: join(userDir, 'plugins', 'data', pluginDataName(id)), forced: false });
  }
  plugins.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: ConfigFile[] = [];
  for (const plugin of plugins) files.push(...(await pluginHookFiles(plugin, notices, watchPaths)));
  return { files, plugins, notices, watchPaths };
}

/** The version directory with the newest mtime, following symlinks (cc plugins-ref: dev checkouts may be linked in). */
async function newestVersion(cacheDir: string, id: string, notices: PluginNotice[]): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(cacheDir);
  } catch {
    notices.push({ file: cacheDir, message: `plugin ${id} is enabled but not installed: ${cacheDir} does not exist; its hooks are not loaded` });
    return null;
  }
  const versions: { dir: string; mtimeMs: number }[] = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const dir = join(cacheDir, name);
    try {
      const info = await stat(dir);
      if (info.isDirectory()) versions.push({ dir, mtimeMs: info.mtimeMs });
    } catch {
      // A dangling link is no version.
    }
  }
  if (versions.length === 0) {
    notices.push({ file: cacheDir, message: `plugin ${id} is enabled but ${cacheDir} holds no version directory; its hooks are not loaded` });
    return null;
  }
  versions.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.dir < b.dir ? 1 : -1));
  const chosen = versions[0]!.dir;
  if (versions.length > 1) {
    const others = versions.slice(1).map((version) => basename(version.dir)).join(', ');
    notices.push({ file: cacheDir, message: `plugin ${id} has ${versions.length} cached versions; loading the newest, ${basename(chosen)} (also present: ${others})` });
  }
  return chosen;
}

async function manifestName(root: string): Promise<string | null> {
  const manifest = await readConfigFile(join(root, '.claude-plugin', 'plugin.json'), 'json');
  const name = manifest?.root?.kind === 'object' ? setField(manifest.root, 'name')?.value : undefined;
  return name?.kind === 'scalar' && typeof name.value === 'string' && SEGMENT.test(name.value) ? name.value : null;
}

/**
 * `hooks/hooks.json`, then what `.claude-plugin/plugin.json` `hooks` names (cc plugins-ref
 * §Component path fields): a path or an array of paths (relative to the plugin root, never outside
 * it), or inline config — an object with `hooks`, or the event map itself.
 */
async function pluginHookFiles(plugin: ClaudePlugin, notices: PluginNotice[], watchPaths: string[]): Promise<ConfigFile[]> {
  const place = { source: 'plugin' as const, role: 'hooks-file' as const, layer: plugin.root, plugin };
  const defaultPath = join(plugin.root, 'hooks', 'hooks.json');
  const files: ConfigFile[] = [];
  const main = await discoveredFile(defaultPath, 'json', place);
  if (main) files.push(main);
  const manifestPath = join(plugin.root, '.claude-plugin', 'plugin.json');
  watchPaths.push(defaultPath, manifestPath);
  const manifest = await readConfigFile(manifestPath, 'json');
  const hooks = manifest?.root?.kind === 'object' ? setField(manifest.root, 'hooks')?.value : undefined;
  if (manifest === null || hooks === undefined) return files;
  const seen = new Set([defaultPath]);
  const items = hooks.kind === 'array' ? hooks.items : [hooks];
  for (const item of items) {
    if (item.kind === 'scalar' && typeof item.value === 'string') {
      const path = resolve(plugin.root, item.value);
      const inside = relative(plugin.root, path);
      if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
        notices.push({ file: manifestPath, message: `plugin ${plugin.name}: hooks path "${item.value}" is outside the plugin directory; not loaded` });
        continue;
      }
      if (seen.has(path)) continue;
      seen.add(path);
      watchPaths.push(path);
      const file = await discoveredFile(path, 'json', place);
      if (file) files.push(file);
      else notices.push({ file: manifestPath, message: `plugin ${plugin.name}: hooks file "${item.value}" does not exist` });
    } else if (item.kind === 'object') {
      files.push({ ...place, parsed: { ...manifest, root: inlineHooksFile(item) } });
    } else {
      notices.push({ file: manifestPath, message: `plugin ${plugin.name}: "hooks" in plugin.json must name hooks files or hold hooks config; an entry of another kind is ignored` });
    }
  }
  return files;
}

/** Inline manifest config as a hooks file: `{hooks: …}` as it is, an event map wrapped into one. */
function inlineHooksFile(node: SourceObject): SourceNode {
  if (node.entries.some((entry) => entry.key === 'hooks')) return node;
  return { kind: 'object', pos: node.pos, entries: [{ key: 'hooks', keyPos: node.pos, value: node }] };
}
