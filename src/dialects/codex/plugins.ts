import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { parseJson } from '../../config/parse-json.js';
import { jsonKind, type PluginNotice } from '../../config/plugin-notices.js';
import { getEntry, type ParsedFile, type SourceNode } from '../../config/source-tree.js';
import { directoryAt, probeRegularFile, readRegularFileSync, SIZE_CAPS } from '../../util/regular-file.js';
import { isTable, lookup, type Plain } from './toml-values.js';

/**
 * Plugin hook files (SPEC-dialects 9.1; codex-rs/core-plugins/src/loader.rs `load_plugin`,
 * `load_plugin_hooks`; store.rs; manifest.rs). A plugin is enabled by `[plugins."<name>@<market>"]`
 * in the user config.toml (`enabled` defaults to true), installed under
 * `<C>/plugins/cache/<market>/<name>/<version>/`, and keeps data in `<C>/plugins/data/<name>-<market>/`.
 * Its manifest's `hooks` entry (paths, or inline hooks objects) is read, else `hooks/hooks.json`;
 * what Codex warns about at startup (a path it ignores, a named file it cannot read) is a notice on
 * the manifest, listed as a file of role `plugin-manifest`. Plugins load in key order. A plugin that
 * is not installed, has no manifest or an agent-plugin-format manifest contributes no hooks, as in Codex.
 */
export async function pluginHookFiles(codexHome: string, userSettings: Plain): Promise<ConfigFile[]> {
  const files: ConfigFile[] = [];
  for (const id of enabledPluginIds(userSettings)) files.push(...(await hookFilesOf(codexHome, id)));
  return files;
}

/**
 * Every path whose change alters what pluginHookFiles finds for these settings: each enabled
 * plugin's version directories (a new version, or `local`, changes the active one), and in the
 * active version its manifests and default hooks file. The files a manifest names are among the
 * files read.
 */
export function pluginWatchPaths(codexHome: string, userSettings: Plain): string[] {
  return enabledPluginIds(userSettings).flatMap((id) => {
    const base = join(codexHome, 'plugins', 'cache', id.market, id.name);
    const version = activeVersion(base);
    const inBase = join(base, version ?? LOCAL_VERSION);
    return version === null
      ? [inBase]
      : [inBase, ...[...MANIFESTS, 'plugin.json', 'hooks/hooks.json'].map((path) => join(base, version, path))];
  });
}

interface PluginId {
  name: string;
  market: string;
  key: string;
}

/** store.rs DEFAULT_PLUGIN_VERSION: a locally installed plugin's version directory. */
const LOCAL_VERSION = 'local';
/** loader.rs DEFAULT_HOOKS_CONFIG_FILE. */
const DEFAULT_HOOKS = 'hooks/hooks.json';
const MANIFESTS = ['.codex-plugin/plugin.json', '.claude-plugin/plugin.json', '.cursor-plugin/plugin.json'];
const AGENT_PLUGIN_SCHEMA_PREFIX = 'https://agent-plugins.org/schemas/';

/** The enabled plugin keys, sorted; a `plugins` table Codex cannot read as a whole enables none. */
function enabledPluginIds(userSettings: Plain): PluginId[] {
  const plugins = lookup(userSettings, 'plugins');
  if (!isTable(plugins)) return [];
  const entries = Object.entries(plugins);
  // PluginConfig: `enabled` must be a boolean when set; one bad entry fails the whole map in Codex.
  if (!entries.every(([, config]) => isTable(config) && (config.enabled === undefined || typeof config.enabled === 'boolean'))) return [];
  return entries
    .filter(([, config]) => (config as { enabled?: boolean }).enabled !== false)
    .map(([key]) => parsePluginId(key))
    .filter((id): id is PluginId => id !== null)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** codex-rs/plugin/src/plugin_id.rs `PluginId::parse`: `<name>@<marketplace>`, path-safe segments. */
function parsePluginId(key: string): PluginId | null {
  const at = key.lastIndexOf('@');
  if (at <= 0 || at === key.length - 1) return null;
  const name = key.slice(0, at);
  const market = key.slice(at + 1);
  const nameOk = /^[A-Za-z0-9_.-]+$/.test(name) && !name.startsWith('.') && !name.endsWith('.') && !name.includes('..');
  const marketOk = /^[A-Za-z0-9_-]+$/.test(market);
  return nameOk && marketOk ? { name, market, key } : null;
}

async function hookFilesOf(codexHome: string, id: PluginId): Promise<ConfigFile[]> {
  const base = join(codexHome, 'plugins', 'cache', id.market, id.name);
  const version = activeVersion(base);
  if (version === null) return [];
  const root = join(base, version);
  if (!directoryAt(root)) return [];
  const manifest = readManifest(root);
  if (manifest === null) return [];
  const plugin = { name: id.key, root, data: join(codexHome, 'plugins', 'data', `${id.name}-${id.market}`) };
  const placement = (key: string) => ({
    source: 'plugin' as const,
    role: 'hooks-file' as const,
    layer: root,
    plugin,
    key: `${id.key}:${key}`,
  });
  const notices: PluginNotice[] = [];
  const files = await manifestHookFiles(root, manifest, placement, notices);
  // The manifest carries Codex's startup warnings about its `hooks` (the plugin-discovery rule reports them).
  if (notices.length > 0)
    files.push({
      ...placement('plugin.json'),
      parsed: { ...manifest, root: null, errors: [], duplicateKeys: [] },
      role: 'plugin-manifest',
      notices,
    });
  return files;
}

type Placement = (key: string) => Omit<ConfigFile, 'parsed'> & { key: string };

/**
 * A plugin being written, in its own repository (issue 23), placed as Codex would place it once
 * installed: what its manifest makes Codex load besides `hooks/hooks.json` (which the repository
 * lists on its own), then the manifest itself, carrying Codex's warnings about its `hooks` or its
 * syntax errors. Empty when Codex takes the file for no manifest (agent-plugin format, not an object).
 */
export async function repositoryManifestFiles(root: string, plugin: PluginInfo): Promise<ConfigFile[]> {
  const manifest = readManifest(root);
  const placement = (key: string) => ({
    source: 'plugin' as const,
    role: 'hooks-file' as const,
    layer: root,
    plugin,
    key: `${plugin.name}:${key}`,
  });
  const path = join(root, '.codex-plugin', 'plugin.json');
  const itself = (parsed: ParsedFile, notices: PluginNotice[]): ConfigFile => ({
    ...placement('plugin.json'),
    parsed: { ...parsed, root: null, duplicateKeys: [] },
    role: 'plugin-manifest',
    notices,
  });
  if (manifest === null) {
    // Not JSON Codex can read: its errors are the finding (Codex loads nothing of the plugin).
    const parsed = parseJson(readText(path) ?? '', path);
    return parsed.errors.length > 0 ? [itself(parsed, [])] : [];
  }
  const notices: PluginNotice[] = [];
  const named = (await manifestHookFiles(root, manifest, placement, notices)).filter(
    (file) => file.parsed.path !== join(root, DEFAULT_HOOKS),
  );
  // The repository is untrusted: a link to `~/.ssh/id_rsa` must not put pieces of it into findings.
  const hooksPos = manifest.root?.kind === 'object' ? getEntry(manifest.root, 'hooks')?.value.pos : undefined;
  const files = named.filter((file) => {
    const target = realPathOrNull(file.parsed.path);
    if (target === null || isWithin(realPathOrNull(root) ?? root, target)) return true;
    notices.push({
      messageId: 'linkOutside',
      data: { file: file.parsed.path, target },
      pos: hooksPos ?? { line: 1, column: 1, offset: 0 },
    });
    return false;
  });
  return [...files, itself(manifest, notices)];
}

/**
 * Whether the manifest's `hooks` takes the place of `hooks/hooks.json` (loader.rs
 * `load_plugin_hooks`: the default is read only when the manifest names no usable hooks): a path
 * Codex accepts, or inline hooks.
 */
export function manifestReplacesDefault(root: string): boolean {
  const manifest = readManifest(root);
  const hooks = manifest?.root?.kind === 'object' ? getEntry(manifest.root, 'hooks')?.value : undefined;
  if (hooks === undefined || (hooks.kind === 'scalar' && hooks.value === null)) return false;
  if (isString(hooks) || (hooks.kind === 'array' && hooks.items.every(isString))) {
    const items = hooks.kind === 'array' ? hooks.items : [hooks];
    return items.some((item) => manifestPath(item, []) !== null);
  }
  return hooks.kind === 'object' || (hooks.kind === 'array' && hooks.items.every((item) => item.kind === 'object'));
}

/**
 * loader.rs `load_plugin_hooks` over manifest.rs `resolve_manifest_hooks`: the manifest's `hooks`
 * paths, or its inline hooks objects (each keyed `plugin.json#hooks[<i>]`); when it has none, or
 * nothing usable is left of it, `hooks/hooks.json` if that is a file. Paths it ignores, a value of
 * another kind and a named file that cannot be read are notices at their place in the manifest.
 */
async function manifestHookFiles(root: string, manifest: ParsedFile, placement: Placement, notices: PluginNotice[]): Promise<ConfigFile[]> {
  const hooks = manifest.root?.kind === 'object' ? getEntry(manifest.root, 'hooks')?.value : undefined;
  const byDefault = () =>
    probeRegularFile(join(root, DEFAULT_HOOKS)).kind === 'file' ? fileAt(root, DEFAULT_HOOKS, placement) : Promise.resolve([]);
  if (hooks === undefined || (hooks.kind === 'scalar' && hooks.value === null)) return byDefault();
  // RawPluginManifestHooks is untagged: Path, Paths (an empty list too), Inline, InlineList, else Invalid.
  if (isString(hooks) || (hooks.kind === 'array' && hooks.items.every(isString))) {
    const items = hooks.kind === 'array' ? hooks.items : [hooks];
    const usable = items.flatMap((item) => {
      const path = manifestPath(item, notices);
      return path === null ? [] : [{ item, path }];
    });
    if (usable.length === 0) return byDefault();
    return (await Promise.all(usable.map(({ item, path }) => namedFile(root, path, item, placement, notices)))).flat();
  }
  // Inline hooks files: one object, or a list of them, each keyed `plugin.json#hooks[<i>]`.
  if (hooks.kind === 'object' || (hooks.kind === 'array' && hooks.items.every((item) => item.kind === 'object'))) {
    const inline = hooks.kind === 'object' ? [hooks] : hooks.items;
    return inline.map((node, index) => ({ parsed: { ...manifest, root: node }, ...placement(`plugin.json#hooks[${index}]`) }));
  }
  notices.push({ messageId: 'hooksValueInvalid', data: { found: jsonKind(hooks) }, pos: hooks.pos });
  return byDefault();
}

/** loader.rs `append_plugin_hook_file`: a named file that is not there is a startup warning, and no default is read instead. */
async function namedFile(
  root: string,
  path: string,
  item: SourceNode,
  placement: Placement,
  notices: PluginNotice[],
): Promise<ConfigFile[]> {
  const files = await fileAt(root, path, placement);
  // std::io::Error's Display for ENOENT; a file that exists but cannot be read is reported by parse-error.
  if (files.length === 0)
    notices.push({
      messageId: 'failedToRead',
      data: { file: join(root, path), error: 'No such file or directory (os error 2)' },
      pos: item.pos,
    });
  return files;
}

/** store.rs `active_plugin_version`: `local` if installed so, else the highest version directory. */
function activeVersion(base: string): string | null {
  let names: string[];
  try {
    names = readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && /^[A-Za-z0-9._+-]+$/.test(entry.name) && entry.name !== '.' && entry.name !== '..')
      .map((entry) => entry.name);
  } catch {
    return null;
  }
  if (names.length === 0) return null;
  if (names.includes(LOCAL_VERSION)) return LOCAL_VERSION;
  return names.sort(compareVersions).at(-1)!;
}

/** store.rs `compare_plugin_versions`: semantic versions by precedence, anything else as text. */
function compareVersions(a: string, b: string): number {
  const left = semver(a);
  const right = semver(b);
  if (left === null || right === null) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < 3; i++) if (left.core[i] !== right.core[i]) return left.core[i]! < right.core[i]! ? -1 : 1;
  if (left.pre === right.pre) return 0;
  if (left.pre === '') return 1;
  if (right.pre === '') return -1;
  return left.pre < right.pre ? -1 : 1;
}

function semver(text: string): { core: bigint[]; pre: string } | null {
  const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text);
  if (match === null) return null;
  return { core: [BigInt(match[1]!), BigInt(match[2]!), BigInt(match[3]!)], pre: match[4] ?? '' };
}

/** The manifest, parsed; null when there is none, it is agent-plugin format, or it is not JSON. */
function readManifest(root: string) {
  const agentManifest = join(root, 'plugin.json');
  const agent = lstatOrNull(agentManifest);
  if (agent !== null) {
    if (agent.isSymbolicLink() || !agent.isFile()) return null;
    const schema = lookup(jsonValue(readText(agentManifest)), '$schema');
    if (typeof schema === 'string' && schema.startsWith(AGENT_PLUGIN_SCHEMA_PREFIX)) return null;
  }
  const path = MANIFESTS.map((relative) => join(root, relative)).find((candidate) => probeRegularFile(candidate).kind === 'file');
  if (path === undefined) return null;
  const parsed = parseJson(readText(path) ?? '', path);
  return parsed.root?.kind === 'object' ? parsed : null;
}

/**
 * manifest.rs `resolve_manifest_path`: a path must start with `./`, stay inside the plugin root
 * (no `..`, not absolute) and name something; anything else is ignored with Codex's warning. An
 * empty path Codex ignores without one; hookctl says so too (SPEC 6.2), as a path without `./`.
 */
function manifestPath(item: SourceNode, notices: PluginNotice[]): string | null {
  const path = (item as { value: string }).value;
  const ignore = (messageId: 'pathNotDotSlash' | 'pathIsDotSlash' | 'pathHasParent' | 'pathOutsideRoot') => {
    notices.push({ messageId, data: { path: JSON.stringify(path) }, pos: item.pos });
    return null;
  };
  if (!path.startsWith('./')) return ignore('pathNotDotSlash');
  const inside = path.slice(2);
  if (inside === '') return ignore('pathIsDotSlash');
  if (inside.split('/').includes('..')) return ignore('pathHasParent');
  if (inside.startsWith('/')) return ignore('pathOutsideRoot');
  return inside;
}

async function fileAt(root: string, relativePath: string, placement: Placement): Promise<ConfigFile[]> {
  const { source, role, layer, plugin, key } = placement(relativePath.replaceAll('\\', '/'));
  const file = await discoveredFile(join(root, relativePath), 'json', { source, role, layer, plugin });
  return file === null ? [] : [{ ...file, key }];
}

function isString(node: SourceNode): boolean {
  return node.kind === 'scalar' && typeof node.value === 'string';
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

function readText(path: string): string | null {
  const read = readRegularFileSync(path, SIZE_CAPS.configTrusted);
  return read.ok ? read.bytes.toString('utf8') : null;
}

function jsonValue(text: string | null): Plain | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as Plain;
  } catch {
    return undefined;
  }
}

function realPathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function isWithin(dir: string, path: string): boolean {
  const inside = relative(dir, path);
  return inside !== '' && !inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside);
}
