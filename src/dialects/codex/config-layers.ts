import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { directoriesDownTo } from '../../config/find-project-root.js';
import { formatFromPath, readNamedConfigFile } from '../../config/read-config-file.js';
import type { FoundFiles, LayerDeclaration, LayerFile } from '../../config/load-declaration.js';
import type { ParsedFile } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { sessionValues } from '../../kit/load-context.js';
import { directoryAt, probeRegularFile, somethingAt } from '../../util/regular-file.js';
import { canonical, codexPaths, type CodexPaths } from './paths.js';
import { manifestReplacesDefault, pluginHookFiles, pluginWatchPaths, repositoryManifestFiles } from './plugins.js';
import { projectTrust, type ProjectTrust } from './project-trust.js';
import { lookup, mergePlain, toPlain, type Plain } from './toml-values.js';

/** The two files of every Codex config folder (`<C>`, `/etc/codex`, a project `.codex/`), hooks.json first. */
const FOLDER_FILES: readonly LayerFile[] = [
  { name: 'hooks.json', format: 'json', role: 'hooks-file' },
  { name: 'config.toml', format: 'toml', role: 'inline-config' },
];

/**
 * Every Codex config layer in order (SPEC-dialects 9.1; codex-rs/hooks/src/engine/discovery.rs
 * `discover_handlers`, codex-rs/config/src/loader/mod.rs `load_config_layers_state`):
 * 1. the managed requirements file's `[hooks]`;
 * 2. `/etc/codex/hooks.json`, then `/etc/codex/config.toml` (managed);
 * 3. `<C>/hooks.json`, then `<C>/config.toml`;
 * 4. each project `.codex/` from the project root down to the cwd: `hooks.json`, then `config.toml`
 *    (in a linked worktree, the hooks of the root checkout's matching `.codex/`); a project the user
 *    has not trusted is marked `disabled`: listed, never run;
 * 5. the `--config` session layer;
 * 6. `/etc/codex/managed_config.toml` (managed, TOML only);
 * 7. each enabled plugin's hook files.
 * A `hooks.json` folder is read once however many layers name it (discovery.rs visited_json_hook_folders).
 */
export const LAYERS: LayerDeclaration = {
  layers: [
    { kind: 'found', find: requirementsLayer, describe: describeRequirements },
    { kind: 'dir', source: 'managed', dir: (context) => codexPaths(context).systemDir, files: FOLDER_FILES },
    { kind: 'dir', source: 'user', dir: (context) => codexPaths(context).home, files: FOLDER_FILES },
    { kind: 'found', find: projectLayers, describe: describeProjectFile },
    { kind: 'found', find: async (context) => ({ files: nonNull([await sessionFile(context)]), watchPaths: [] }) },
    {
      kind: 'file',
      source: 'managed',
      format: 'toml',
      role: 'inline-config',
      path: (context) => join(codexPaths(context).systemDir, 'managed_config.toml'),
    },
    { kind: 'found', find: pluginLayers, describe: describePluginFile },
  ],
};

async function requirementsLayer(context: LoadContext): Promise<FoundFiles> {
  const { requirements } = codexPaths(context);
  const file = withManagedDirKey(await discoveredFile(requirements, 'toml', { source: 'managed', role: 'managed-requirements' }));
  return { files: nonNull([file]), watchPaths: [requirements] };
}

/**
 * The project layers, and what places them: both files of every project `.codex/` from the project
 * root down to the cwd (and of the root checkout's, in a linked worktree), whether read or not, and
 * the markers and `.git` files that place the project root. The user-level settings decide the
 * project's trust (the `--config` layer among them, though it comes later in layer order).
 */
async function projectLayers(context: LoadContext, earlier: readonly ConfigFile[]): Promise<FoundFiles> {
  const paths = codexPaths(context);
  const userLevel = earlier.filter((file) => file.role === 'inline-config');
  const trust = projectTrust(context.cwd, settingsOf([...userLevel, await sessionFile(context)]), join(paths.home, 'config.toml'));
  const seen = new Set(earlier.filter((file) => file.role === 'hooks-file').map((file) => dirname(file.parsed.path)));
  const hooksJson = async (folder: string, placement: Omit<ConfigFile, 'parsed'>) => {
    if (seen.has(folder)) return null;
    seen.add(folder);
    return withPlacement(await discoveredFile(join(folder, 'hooks.json'), 'json', placement), placement);
  };
  const files = await projectFiles(context, paths, trust, hooksJson);
  const projectDirs = directoriesDownTo(trust.root, context.cwd).flatMap((dir) => [join(dir, '.codex'), trust.hooksFolder(dir)]);
  const watchPaths = [
    ...files.map((file) => file.parsed.path),
    ...projectDirs.filter((dir): dir is string => dir !== null).flatMap((dir) => FOLDER_FILES.map((file) => join(dir, file.name))),
    ...trust.watchPaths,
  ];
  return { files, watchPaths };
}

/**
 * Each enabled plugin's hook files, with its version directories and manifests, and each hooks file
 * a manifest names that could not be read (it loads once it appears).
 */
async function pluginLayers(context: LoadContext, earlier: readonly ConfigFile[]): Promise<FoundFiles> {
  const { home } = codexPaths(context);
  const userConfig = earlier.find((file) => file.parsed.path === join(home, 'config.toml'));
  const settings = settingsOf(userConfig === undefined ? [] : [userConfig]);
  const files = await pluginHookFiles(home, settings);
  const unreadable = files
    .flatMap((file) => file.notices ?? [])
    .flatMap((notice) => (notice.messageId === 'failedToRead' ? [String(notice.data.file)] : []));
  return { files, watchPaths: [...files.map((file) => file.parsed.path), ...pluginWatchPaths(home, settings), ...unreadable] };
}

function nonNull(files: readonly (ConfigFile | null)[]): ConfigFile[] {
  return files.filter((file): file is ConfigFile => file !== null);
}

/** The project layers, root first; in each, hooks.json then config.toml. */
async function projectFiles(
  context: LoadContext,
  paths: CodexPaths,
  trust: ProjectTrust,
  hooksJson: (folder: string, placement: Omit<ConfigFile, 'parsed'>) => Promise<ConfigFile | null>,
): Promise<ConfigFile[]> {
  const home = canonical(paths.home);
  const files: ConfigFile[] = [];
  for (const dir of directoriesDownTo(trust.root, context.cwd)) {
    const folder = join(dir, '.codex');
    // loader discover_project_layers: only a directory is a layer, and never the Codex home itself.
    if (!directoryAt(folder) || folder === paths.home || canonical(folder) === home) continue;
    // `assume` (hookctl test) takes the project as trusted: the author is exercising its hooks.
    const reason = context.workspaceTrust === 'assume' ? null : trust.disabledReason(dir);
    const disabled = reason === null ? {} : { disabled: { reason: 'workspace-untrusted' as const, message: reason } };
    const placement = { source: 'project' as const, role: 'hooks-file' as const, layer: folder, plugin: null, ...disabled };
    const hooksFolder = trust.hooksFolder(dir);
    const json = await hooksJson(hooksFolder ?? folder, placement);
    const config = await discoveredFile(join(folder, 'config.toml'), 'toml', { ...placement, role: 'inline-config' });
    if (json) files.push(json);
    // Codex reads a linked worktree's hooks from the root checkout: its own hooks.json never runs. Say so.
    const ownJson = join(folder, 'hooks.json');
    if (hooksFolder !== null && somethingAt(ownJson)) {
      files.push({
        parsed: { path: ownJson, format: 'json', text: '', root: null, errors: [], duplicateKeys: [] },
        source: 'project',
        role: 'unread',
        layer: folder,
        plugin: null,
        readInstead: join(hooksFolder, 'hooks.json'),
      });
    }
    if (hooksFolder === null) {
      if (config) files.push({ ...config, ...disabled });
      continue;
    }
    // A linked worktree keeps its own settings but takes the root checkout's TOML hooks
    // (loader merge_root_checkout_project_hooks): two views, one per source of the layer's keys.
    if (config) files.push({ ...config, ...disabled, parsed: onlyKeys(config.parsed, (key) => key !== 'hooks') });
    const rootConfig = await discoveredFile(join(hooksFolder, 'config.toml'), 'toml', { ...placement, role: 'inline-config' });
    if (rootConfig) files.push({ ...rootConfig, ...disabled, parsed: onlyKeys(rootConfig.parsed, (key) => key === 'hooks') });
  }
  return files;
}

/** The parsed file with only the top-level entries `keep` accepts (positions and text unchanged). */
function onlyKeys(parsed: ParsedFile, keep: (key: string) => boolean): ParsedFile {
  const root = parsed.root;
  if (root?.kind !== 'object') return parsed;
  return { ...parsed, root: { ...root, entries: root.entries.filter((entry) => keep(entry.key)) } };
}

async function sessionFile(context: LoadContext): Promise<ConfigFile | null> {
  const overrides = sessionValues(context, 'config');
  if (overrides.length === 0) return null;
  // Loaded only when flags are given: it pulls in the TOML parser.
  return (await import('./session-layer.js')).sessionLayer(overrides);
}

/** The merged settings of these config files, in order (Codex merges layers this way). */
export function settingsOf(files: readonly (ConfigFile | null)[]): Plain {
  let merged: Plain = {};
  for (const file of files) {
    const root = file?.parsed.root;
    if (root?.kind === 'object') merged = mergePlain(merged, toPlain(root));
  }
  return merged;
}

/** A named requirements file: `--managed`'s, or any `requirements.toml`, is the managed requirements layer. */
async function describeRequirements(absolute: string, context: LoadContext): Promise<ConfigFile | null> {
  if (formatFromPath(absolute) !== 'toml') return null;
  if (absolute !== codexPaths(context).requirements && basename(absolute) !== 'requirements.toml') return null;
  const parsed = await readNamedConfigFile(absolute, 'toml', 'owned');
  return { parsed, source: 'managed', role: 'managed-requirements', layer: dirname(absolute), plugin: null };
}

/**
 * A named project hooks.json in a linked worktree: Codex reads the root checkout's instead, never
 * this one. Project trust is the user's, not the repository's: a named or repository-wide lint
 * leaves it to the effective layers (`lint --effective`, the runtime), so findings do not depend on HOME.
 */
async function describeProjectFile(absolute: string, context: LoadContext): Promise<ConfigFile | null> {
  const paths = codexPaths(context);
  const folder = dirname(absolute);
  if ((formatFromPath(absolute) ?? 'json') !== 'json' || folder === paths.systemDir || folder === paths.home) return null;
  if (basename(absolute) === 'plugin.json' && basename(folder) === '.codex-plugin') return null;
  // A plugin's file (installed, or beside its manifest in its own repository) is the plugin layer's.
  const besideManifest =
    basename(folder) === 'hooks' && probeRegularFile(join(dirname(folder), '.codex-plugin', 'plugin.json')).kind === 'file';
  if (pluginPlacement(absolute, paths) !== null || besideManifest) return null;
  const dir = basename(folder) === '.codex' ? dirname(folder) : folder;
  const instead = projectTrust(dir, {}, '').hooksFolder(dir);
  if (instead === null) return null;
  const parsed = await readNamedConfigFile(absolute, 'json', 'repository');
  return {
    parsed: { ...parsed, root: null, errors: [] },
    source: 'project',
    role: 'unread',
    layer: folder,
    plugin: null,
    readInstead: join(instead, 'hooks.json'),
  };
}

/**
 * A named plugin file: a plugin manifest (the files it makes Codex load besides the plugin's
 * standard hooks file, and itself last), a hooks file inside an installed plugin, or one beside a
 * plugin's manifest in the plugin's own repository. Null for any other file.
 */
async function describePluginFile(absolute: string, context: LoadContext): Promise<ConfigFile | ConfigFile[] | null> {
  const paths = codexPaths(context);
  if (basename(absolute) === 'plugin.json' && basename(dirname(absolute)) === '.codex-plugin') {
    const root = dirname(dirname(absolute));
    return repositoryManifestFiles(root, localPlugin(root, paths.home));
  }
  const format = formatFromPath(absolute) ?? 'json';
  if (format !== 'json') return null;
  const plugin = pluginPlacement(absolute, paths);
  if (plugin !== null) {
    const parsed = await readNamedConfigFile(absolute, format, 'owned');
    return { parsed, source: 'plugin', role: 'hooks-file', layer: plugin.root, plugin: plugin.info, key: plugin.key };
  }
  // A plugin being written, in its own repository: `hooks/hooks.json` beside `.codex-plugin/plugin.json`.
  const folder = dirname(absolute);
  const pluginRoot = dirname(folder);
  if (basename(folder) !== 'hooks' || probeRegularFile(join(pluginRoot, '.codex-plugin', 'plugin.json')).kind !== 'file') return null;
  const parsed = await readNamedConfigFile(absolute, format, folder === paths.systemDir || folder === paths.home ? 'owned' : 'repository');
  const info = localPlugin(pluginRoot, paths.home);
  const key = `${info.name}:hooks/${basename(absolute)}`;
  // Hooks the manifest names take its place: Codex never reads it then (unread-file says so).
  if (basename(absolute) === 'hooks.json' && manifestReplacesDefault(pluginRoot)) {
    const readInstead = join(pluginRoot, '.codex-plugin', 'plugin.json');
    return {
      parsed: { ...parsed, root: null, errors: [] },
      source: 'plugin',
      role: 'unread',
      layer: pluginRoot,
      plugin: info,
      key,
      readInstead,
    };
  }
  return { parsed, source: 'plugin', role: 'hooks-file', layer: pluginRoot, plugin: info, key };
}

/** A file inside an installed plugin, `<C>/plugins/cache/<market>/<name>/<version>/…`: its plugin and key. */
function pluginPlacement(path: string, paths: CodexPaths) {
  const [market, name, version, ...rest] = relative(join(paths.home, 'plugins', 'cache'), path).split(sep);
  if (market === undefined || market.startsWith('..') || name === undefined || version === undefined || rest.length === 0) return null;
  const root = join(paths.home, 'plugins', 'cache', market, name, version);
  const id = `${name}@${market}`;
  return { root, key: `${id}:${rest.join('/')}`, info: { name: id, root, data: join(paths.home, 'plugins', 'data', `${name}-${market}`) } };
}

/**
 * Codex keys the requirements file's hooks by `[hooks] managed_dir` when it is an absolute path,
 * else by the file's own path (discovery.rs managed_hooks_source_path).
 */
function withManagedDirKey(file: ConfigFile | null): ConfigFile | null {
  const dir = lookup(settingsOf([file]), 'hooks', 'managed_dir');
  return file !== null && typeof dir === 'string' && isAbsolute(dir) ? { ...file, key: dir } : file;
}

function withPlacement(file: ConfigFile | null, placement: Omit<ConfigFile, 'parsed'>): ConfigFile | null {
  return file === null ? null : { ...file, ...placement };
}

/** A plugin being written, in its own repository, as `<directory>@local`, its data where Codex would keep it. */
function localPlugin(root: string, codexHome: string): PluginInfo {
  return { name: `${basename(root)}@local`, root, data: join(codexHome, 'plugins', 'data', `${basename(root)}-local`) };
}
