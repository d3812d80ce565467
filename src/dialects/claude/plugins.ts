import { realpathSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { setField } from '../../config/field-value.js';
import { readConfigFile } from '../../config/read-config-file.js';
import { jsonKind, type PLUGIN_NOTICES, type PluginNotice } from '../../config/plugin-notices.js';
import type { ParsedFile, SourceNode, SourceObject } from '../../config/source-tree.js';
import type { MessageDescriptor } from '../../lint/message.js';
import type { LoadContext } from '../../kit/index.js';
import { sessionValues } from '../../kit/load-context.js';
import { claudeUserDir } from './paths.js';
import { enabledPlugins } from './settings.js';

/** One plugin hookctl loads: its id (`name@marketplace`), install dir, data dir. */
export interface ClaudePlugin extends PluginInfo {
  /** Enabled by managed settings: `disableAllHooks` outside managed settings and `allowManagedHooksOnly` leave it running. */
  forced: boolean;
}

/** The plugins' hooks files, what discovery found about the settings entries that enable them, and what to watch. */
export interface DiscoveredPlugins {
  /** Notices on the settings files given, each at the `enabledPlugins` entry it is about (`plugin-discovery`). */
  notices: EntryNotices;
  /** Each plugin's hooks files, and its manifest where a `hooks` entry of it cannot be used (role `plugin-manifest`). */
  files: ConfigFile[];
  plugins: ClaudePlugin[];
  /**
   * Every path whose change alters what was found (LoadedConfig.watchPaths): each enabled plugin's
   * cache listing (a version installed or removed), and in each plugin loaded its manifest, its
   * default hooks file and every hooks file its manifest names, present or not.
   */
  watchPaths: string[];
}

/** Notices by the settings file whose entry they are about. */
type EntryNotices = Map<ConfigFile, PluginNotice[]>;

const SEGMENT = /^[^/\\\0]+$/;

/** `name@marketplace` → data dir name: every character outside `[A-Za-z0-9_-]` becomes `-` (cc plugins-ref §Persistent data directory). */
export function pluginDataName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '-');
}

/**
 * The plugins of SPEC-dialects 8.1, ordered by id: each `name@marketplace` the merged
 * `enabledPlugins` turns on, found in `<U>/plugins/cache/<marketplace>/<name>/<version>/` (the
 * newest version directory by mtime: the install record's format is undocumented), and each
 * `--plugin-dir` as `<name>@inline`. A plugin contributes `hooks/hooks.json` and whatever its
 * manifest's `hooks` key names. What cannot be loaded as asked is a notice on the file that asked:
 * the settings entry that enables the plugin, or the manifest (SPEC 6.2: never a silent skip).
 */
export async function discoverPlugins(settings: readonly ConfigFile[], context: LoadContext): Promise<DiscoveredPlugins> {
  const { plugins, notices, watchPaths } = await enabledPluginList(settings, context);
  const files: ConfigFile[] = [];
  for (const plugin of plugins) files.push(...(await pluginHookFiles(plugin, watchPaths)));
  return { notices, files, plugins, watchPaths };
}

/** The plugins discoverPlugins loads, ordered by id, without their hooks files (skills and subagents need only these). */
export async function enabledPluginList(settings: readonly ConfigFile[], context: LoadContext): Promise<Omit<DiscoveredPlugins, 'files'>> {
  const userDir = claudeUserDir(context);
  const { enabled, at, forced } = enabledPlugins(settings);
  const entryNotices: EntryNotices = new Map();
  const plugins: ClaudePlugin[] = [];
  const watchPaths: string[] = [];
  for (const [id, on] of enabled) {
    if (!on) continue;
    const entry = at.get(id)!;
    const note = (notice: PluginNoticeAt) => noteOn(entryNotices, entry.file, { ...notice, pos: entry.entry.keyPos } as PluginNotice);
    const split = id.lastIndexOf('@');
    const name = id.slice(0, split);
    const marketplace = id.slice(split + 1);
    const cacheDir = join(userDir, 'plugins', 'cache', marketplace, name);
    if (
      split <= 0 ||
      !SEGMENT.test(name) ||
      !SEGMENT.test(marketplace) ||
      name === '..' ||
      marketplace === '..' ||
      name === '.' ||
      marketplace === '.'
    ) {
      note({ messageId: 'notAPluginId', data: { id: JSON.stringify(id) } });
      continue;
    }
    watchPaths.push(`${cacheDir}${sep}`);
    const root = await newestVersion(cacheDir, id, note);
    if (root === null) continue;
    plugins.push({ name: id, root, data: join(userDir, 'plugins', 'data', pluginDataName(id)), forced: forced.has(id) });
  }
  for (const dir of sessionValues(context, 'plugin-dir')) {
    const root = resolve(context.cwd, dir);
    const id = `${(await manifestName(root)) ?? basename(root)}@inline`;
    plugins.push({ name: id, root, data: join(userDir, 'plugins', 'data', pluginDataName(id)), forced: false });
  }
  plugins.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { notices: entryNotices, plugins, watchPaths };
}

/** A notice before it is placed: discovery knows the place (an entry's key, a manifest item) apart. */
type PluginNoticeAt = MessageDescriptor<typeof PLUGIN_NOTICES>;

function noteOn(notices: EntryNotices, file: ConfigFile, notice: PluginNotice): void {
  const list = notices.get(file);
  if (list === undefined) notices.set(file, [notice]);
  else list.push(notice);
}

/** The version directory with the newest mtime, following symlinks (cc plugins-ref: dev checkouts may be linked in). */
async function newestVersion(cacheDir: string, id: string, note: (notice: PluginNoticeAt) => void): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(cacheDir);
  } catch {
    note({ messageId: 'notInstalled', data: { id, dir: cacheDir } });
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
    note({ messageId: 'noVersion', data: { id, dir: cacheDir } });
    return null;
  }
  versions.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.dir < b.dir ? 1 : -1));
  const chosen = versions[0]!.dir;
  if (versions.length > 1) {
    const others = versions
      .slice(1)
      .map((version) => basename(version.dir))
      .join(', ');
    note({ messageId: 'severalVersions', data: { id, count: versions.length, chosen: basename(chosen), others } });
  }
  return chosen;
}

export async function manifestName(root: string): Promise<string | null> {
  const manifest = await readConfigFile(join(root, '.claude-plugin', 'plugin.json'), 'json');
  const name = manifest?.root?.kind === 'object' ? setField(manifest.root, 'name')?.value : undefined;
  return name?.kind === 'scalar' && typeof name.value === 'string' && SEGMENT.test(name.value) ? name.value : null;
}

/**
 * `hooks/hooks.json`, then what `.claude-plugin/plugin.json` `hooks` adds to it (manifestHookFiles).
 */
async function pluginHookFiles(plugin: ClaudePlugin, watchPaths: string[]): Promise<ConfigFile[]> {
  const defaultPath = join(plugin.root, 'hooks', 'hooks.json');
  watchPaths.push(defaultPath, join(plugin.root, '.claude-plugin', 'plugin.json'));
  const main = await discoveredFile(defaultPath, 'json', pluginPlace(plugin));
  const named = await manifestHookFiles(plugin, main !== null, watchPaths);
  return [...(main === null ? [] : [main]), ...named.files, ...(named.carrier === null ? [] : [named.carrier])];
}

/** Where a plugin's hooks files sit: the plugin's own layer. */
function pluginPlace(plugin: PluginInfo) {
  return { source: 'plugin' as const, role: 'hooks-file' as const, layer: plugin.root, plugin };
}

/** What a manifest adds to `hooks/hooks.json`, and the manifest as the carrier of its notices (null: none). */
export interface ManifestHooks {
  files: ConfigFile[];
  carrier: ConfigFile | null;
  /** The manifest as read (null: there is none). */
  manifest: ParsedFile | null;
}

/**
 * What `.claude-plugin/plugin.json` `hooks` names besides `hooks/hooks.json` (cc plugins-ref
 * §Component path fields; Claude Code 2.1.328 loads both): a path or an array of paths (relative
 * to the plugin root, never outside it, symbolic links included), or inline config — an object
 * with `hooks`, or the event map itself. Naming the standard file again loads it once; naming it
 * when it is absent is a missing file, as in the agent. An entry that cannot be used is a notice
 * at that entry, carried by the manifest as a file of role `plugin-manifest`.
 */
export async function manifestHookFiles(plugin: PluginInfo, defaultLoaded: boolean, watchPaths: string[] = []): Promise<ManifestHooks> {
  const place = pluginPlace(plugin);
  const defaultPath = join(plugin.root, 'hooks', 'hooks.json');
  const manifest = await readConfigFile(join(plugin.root, '.claude-plugin', 'plugin.json'), 'json');
  const hooks = manifest?.root?.kind === 'object' ? setField(manifest.root, 'hooks')?.value : undefined;
  const files: ConfigFile[] = [];
  if (manifest === null || hooks === undefined) return { files, carrier: null, manifest };
  const notices: PluginNotice[] = [];
  const id = plugin.name;
  const seen = new Set(defaultLoaded ? [defaultPath] : []);
  const items = hooks.kind === 'array' ? hooks.items : [hooks];
  for (const item of items) {
    if (item.kind === 'scalar' && typeof item.value === 'string') {
      const quoted = JSON.stringify(item.value);
      const path = resolve(plugin.root, item.value);
      if (!insideRoot(plugin.root, path)) {
        notices.push({ messageId: 'hooksPathOutside', data: { id, path: quoted }, pos: item.pos });
        continue;
      }
      if (seen.has(path)) continue;
      seen.add(path);
      watchPaths.push(path);
      const file = await discoveredFile(path, 'json', place);
      if (file) files.push(file);
      else notices.push({ messageId: 'hooksFileMissing', data: { id, path: quoted }, pos: item.pos });
    } else if (item.kind === 'object') {
      files.push({ ...place, parsed: { ...manifest, root: inlineHooksFile(item) } });
    } else {
      notices.push({ messageId: 'hooksEntryKind', data: { id, found: jsonKind(item) }, pos: item.pos });
    }
  }
  return { files, carrier: notices.length > 0 ? manifestFile(manifest, plugin, notices) : null, manifest };
}

/**
 * Inside the plugin root, as written and after following symbolic links: the agent refuses a path
 * that escapes either way, and reading a link to `~/.ssh/id_rsa` would put pieces of it into
 * findings. A path that does not exist yet is judged as written.
 */
function insideRoot(root: string, path: string): boolean {
  const within = (dir: string, target: string) => {
    const inside = relative(dir, target);
    return inside !== '' && !inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside);
  };
  if (!within(root, path)) return false;
  const real = realPathOrNull(path);
  return real === null || within(realPathOrNull(root) ?? root, real);
}

function realPathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The manifest as the carrier of its notices: its text is kept so a finding can be shown in place,
 * its tree is not, so no rule reads its `hooks` as hooks config and it yields no handler.
 */
export function manifestFile(manifest: ParsedFile, plugin: PluginInfo, notices: readonly PluginNotice[]): ConfigFile {
  return {
    parsed: { ...manifest, root: null, errors: [], duplicateKeys: [] },
    source: 'plugin',
    role: 'plugin-manifest',
    layer: plugin.root,
    plugin,
    notices,
  };
}

/** Inline manifest config as a hooks file: `{hooks: …}` as it is, an event map wrapped into one. */
function inlineHooksFile(node: SourceObject): SourceNode {
  if (node.entries.some((entry) => entry.key === 'hooks')) return node;
  return { kind: 'object', pos: node.pos, entries: [{ key: 'hooks', keyPos: node.pos, value: node }] };
}
