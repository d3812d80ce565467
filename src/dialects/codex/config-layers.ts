import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { directoriesDownTo } from '../../config/find-project-root.js';
import { formatFromPath, readNamedConfigFile } from '../../config/read-config-file.js';
import type { ParsedFile } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { directoryAt, probeRegularFile, somethingAt } from '../../util/regular-file.js';
import { canonical, codexPaths, SESSION_LAYER_PATH, type CodexPaths } from './paths.js';
import { manifestReplacesDefault, pluginHookFiles, pluginWatchPaths, repositoryManifestFiles } from './plugins.js';
import { projectTrust, type ProjectTrust } from './project-trust.js';
import { lookup, mergePlain, toPlain, type Plain } from './toml-values.js';

/**
 * Every Codex config file in layer order (SPEC-dialects 9.1; codex-rs/hooks/src/engine/discovery.rs
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
export async function discoverCodexFiles(context: LoadContext): Promise<ConfigFile[]> {
  const paths = codexPaths(context);
  const seenFolders = new Set<string>();
  const hooksJson = async (folder: string, placement: Omit<ConfigFile, 'parsed'>) => {
    if (seenFolders.has(folder)) return null;
    seenFolders.add(folder);
    return withPlacement(await discoveredFile(join(folder, 'hooks.json'), 'json', placement), placement);
  };
  const [requirements, systemConfig, userConfig, session] = await Promise.all([
    discoveredFile(paths.requirements, 'toml', { source: 'managed', role: 'managed-requirements' }),
    discoveredFile(join(paths.systemDir, 'config.toml'), 'toml', { source: 'managed', role: 'inline-config' }),
    discoveredFile(join(paths.home, 'config.toml'), 'toml', { source: 'user', role: 'inline-config' }),
    sessionFile(context),
  ]);
  const systemJson = await hooksJson(paths.systemDir, { source: 'managed', role: 'hooks-file', layer: paths.systemDir, plugin: null });
  const userJson = await hooksJson(paths.home, { source: 'user', role: 'hooks-file', layer: paths.home, plugin: null });
  const trust = projectTrust(context.cwd, settingsOf([systemConfig, userConfig, session]), join(paths.home, 'config.toml'));
  const projects = await projectFiles(context, paths, trust, hooksJson);
  const legacyManaged = await discoveredFile(join(paths.systemDir, 'managed_config.toml'), 'toml', {
    source: 'managed',
    role: 'inline-config',
  });
  const plugins = await pluginHookFiles(paths.home, settingsOf([userConfig]));
  return [
    withManagedDirKey(requirements),
    systemJson,
    systemConfig,
    userJson,
    userConfig,
    ...projects,
    session,
    legacyManaged,
    ...plugins,
  ].filter((file): file is ConfigFile => file !== null);
}

/**
 * Every path whose change alters what discoverCodexFiles finds (LoadedConfig.watchPaths): the
 * files read, every managed and user file (present or not), both files of every project `.codex/`
 * from the project root down to the cwd (and of the root checkout's, in a linked worktree), the
 * markers and `.git` files that place the project root, and each enabled plugin's version
 * directories and manifests.
 */
export function codexWatchPaths(context: LoadContext, files: readonly ConfigFile[]): string[] {
  const paths = codexPaths(context);
  const userLevel = files.filter(
    (file) =>
      file.role === 'inline-config' &&
      (file.source === 'session' ||
        file.parsed.path === join(paths.systemDir, 'config.toml') ||
        file.parsed.path === join(paths.home, 'config.toml')),
  );
  const trust = projectTrust(context.cwd, settingsOf(userLevel), join(paths.home, 'config.toml'));
  const userConfig = files.find((file) => file.parsed.path === join(paths.home, 'config.toml'));
  const projectDirs = directoriesDownTo(trust.root, context.cwd).flatMap((dir) => [join(dir, '.codex'), trust.hooksFolder(dir)]);
  return [
    ...new Set([
      ...files.map((file) => file.parsed.path).filter((path) => path !== SESSION_LAYER_PATH),
      paths.requirements,
      ...['hooks.json', 'config.toml', 'managed_config.toml'].map((name) => join(paths.systemDir, name)),
      ...[paths.home, ...projectDirs]
        .filter((dir): dir is string => dir !== null)
        .flatMap((dir) => [join(dir, 'hooks.json'), join(dir, 'config.toml')]),
      ...trust.watchPaths,
      ...pluginWatchPaths(paths.home, settingsOf(userConfig === undefined ? [] : [userConfig])),
      // A hooks file a manifest names that could not be read loads once it appears.
      ...files
        .flatMap((file) => file.notices ?? [])
        .flatMap((notice) => (notice.messageId === 'failedToRead' ? [String(notice.data.file)] : [])),
    ]),
  ];
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
  const overrides = context.configOverrides ?? [];
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

/** Places a file named on the command line in the layer its path implies. */
export async function describeCodexFile(path: string, context: LoadContext): Promise<ConfigFile | ConfigFile[]> {
  const absolute = resolve(context.cwd, path);
  const format = formatFromPath(absolute) ?? 'json';
  const paths = codexPaths(context);
  if (basename(absolute) === 'plugin.json' && basename(dirname(absolute)) === '.codex-plugin') {
    const root = dirname(dirname(absolute));
    return repositoryManifestFiles(root, localPlugin(root, paths.home));
  }
  const role =
    format === 'json'
      ? 'hooks-file'
      : absolute === paths.requirements || basename(absolute) === 'requirements.toml'
        ? 'managed-requirements'
        : 'inline-config';
  const folder = dirname(absolute);
  const plugin = pluginPlacement(absolute, paths);
  const owned = plugin !== null || role === 'managed-requirements' || folder === paths.systemDir || folder === paths.home;
  const parsed = await readNamedConfigFile(absolute, format, owned ? 'owned' : 'repository');
  if (plugin !== null && format === 'json')
    return { parsed, source: 'plugin', role, layer: plugin.root, plugin: plugin.info, key: plugin.key };
  // A plugin being written, in its own repository: `hooks/hooks.json` beside `.codex-plugin/plugin.json`.
  const pluginRoot = dirname(folder);
  if (
    format === 'json' &&
    basename(folder) === 'hooks' &&
    probeRegularFile(join(pluginRoot, '.codex-plugin', 'plugin.json')).kind === 'file'
  ) {
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
    return { parsed, source: 'plugin', role, layer: pluginRoot, plugin: info, key };
  }
  if (role === 'managed-requirements' || folder === paths.systemDir)
    return { parsed, source: 'managed', role, layer: folder, plugin: null };
  if (folder === paths.home) return { parsed, source: 'user', role, layer: folder, plugin: null };
  // In a linked worktree Codex reads the root checkout's hooks.json, never this one.
  const dir = basename(folder) === '.codex' ? dirname(folder) : folder;
  const instead = format === 'json' ? projectTrust(dir, {}, '').hooksFolder(dir) : null;
  if (instead !== null) {
    return {
      parsed: { ...parsed, root: null, errors: [] },
      source: 'project',
      role: 'unread',
      layer: folder,
      plugin: null,
      readInstead: join(instead, 'hooks.json'),
    };
  }
  // Project trust is the user's, not the repository's: a named or repository-wide lint leaves it
  // to the effective layers (`lint --effective`, the runtime), so findings do not depend on HOME.
  return { parsed, source: 'project', role, layer: folder, plugin: null };
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
