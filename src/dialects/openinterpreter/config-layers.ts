import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { setField } from '../../config/field-value.js';
import { directoriesDownTo, findProjectRoot } from '../../config/find-project-root.js';
import { formatFromPath, readNamedConfigFile } from '../../config/read-config-file.js';
import type { SourceEntry } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';

const DEFAULT_MANAGED_CONFIG = '/etc/openinterpreter/requirements.toml';

const CONFIG_DIR = '.openinterpreter';

/**
 * Every openinterpreter config file in layer order (SPEC 2.1): the managed requirements file; the
 * user's hooks.json and config.toml; each project `.openinterpreter/` from the project root down to
 * the cwd (hooks.json, then config.toml); then each enabled plugin's hooks/hooks.json.
 */
export async function discoverOpenInterpreterFiles(context: LoadContext): Promise<ConfigFile[]> {
  const userDir = join(context.home, CONFIG_DIR);
  const projectDirs = projectConfigDirs(context, userDir);
  const [managed, user, projects] = await Promise.all([
    discoveredFile(managedConfigPath(context), 'toml', { source: 'managed', role: 'managed-requirements' }),
    layerFiles(userDir, 'user'),
    Promise.all(projectDirs.map((dir) => layerFiles(dir, 'project'))),
  ]);
  const userConfig = user.find((file) => file.role === 'inline-config');
  const plugins = await Promise.all(
    enabledPlugins(userConfig).map((name) => {
      const plugin = pluginInfo(userDir, name);
      return discoveredFile(join(plugin.root, 'hooks', 'hooks.json'), 'json', {
        source: 'plugin',
        role: 'hooks-file',
        layer: plugin.root,
        plugin,
      });
    }),
  );
  return [managed, ...user, ...projects.flat(), ...plugins].filter((file): file is ConfigFile => file !== null);
}

/**
 * Every path whose change alters what `discoverOpenInterpreterFiles` finds (LoadedConfig.watchPaths):
 * the managed file, both files of the user dir and of every project dir of the walk (present or
 * not), each enabled plugin's hooks.json, and the `.git` of every directory from the cwd up to the
 * project root (one appearing or vanishing moves the root, and with it the walk).
 */
export function openInterpreterWatchPaths(context: LoadContext, files: readonly ConfigFile[]): string[] {
  const userDir = join(context.home, CONFIG_DIR);
  const root = findProjectRoot(context.cwd);
  const userConfig = files.find((file) => file.source === 'user' && file.role === 'inline-config');
  return [
    managedConfigPath(context),
    ...[userDir, ...projectConfigDirs(context, userDir)].flatMap((dir) => [join(dir, 'hooks.json'), join(dir, 'config.toml')]),
    ...enabledPlugins(userConfig).map((name) => join(pluginInfo(userDir, name).root, 'hooks', 'hooks.json')),
    ...directoriesDownTo(root, context.cwd).map((dir) => join(dir, '.git')),
  ];
}

/** Each project `.openinterpreter/` from the project root down to the cwd, root first. */
function projectConfigDirs(context: LoadContext, userDir: string): string[] {
  return (
    directoriesDownTo(findProjectRoot(context.cwd), context.cwd)
      .map((dir) => join(dir, CONFIG_DIR))
      // A home inside the walk (no git root above the cwd) holds the user layer, not a project layer.
      .filter((dir) => dir !== userDir)
  );
}

/** Places a file named on the command line in the layer its path implies. */
export async function describeOpenInterpreterFile(path: string, context: LoadContext): Promise<ConfigFile> {
  const absolute = resolve(context.cwd, path);
  const format = formatFromPath(absolute) ?? 'json';
  const userDir = join(context.home, CONFIG_DIR);
  const role = basename(absolute) === 'config.toml' ? 'inline-config' : format === 'toml' ? 'managed-requirements' : 'hooks-file';
  const [pluginName, ...rest] = relative(join(userDir, 'plugins'), absolute).split(sep);
  if (role === 'hooks-file' && pluginName && !pluginName.startsWith('..') && rest.join('/') === 'hooks/hooks.json') {
    const plugin = pluginInfo(userDir, pluginName);
    return { parsed: await readNamedConfigFile(absolute, format, 'owned'), source: 'plugin', role, layer: plugin.root, plugin };
  }
  const source = role === 'managed-requirements' ? 'managed' : dirname(absolute) === userDir ? 'user' : 'project';
  const parsed = await readNamedConfigFile(absolute, format, source === 'project' ? 'repository' : 'owned');
  return { parsed, source, role, layer: dirname(absolute), plugin: null };
}

/**
 * The `[features] hooks` entry of a config.toml or of the managed requirements file (Codex reads
 * `[features]` in requirements.toml as pinned feature values: codex-rs/config/src/config_requirements.rs).
 */
export function featuresSwitch(file: ConfigFile): SourceEntry | undefined {
  const root = file.parsed.root;
  if ((file.role !== 'inline-config' && file.role !== 'managed-requirements') || root?.kind !== 'object') return undefined;
  const features = setField(root, 'features')?.value;
  return features?.kind === 'object' ? setField(features, 'hooks') : undefined;
}

function managedConfigPath(context: LoadContext): string {
  return resolve(context.cwd, context.managedConfigPath ?? DEFAULT_MANAGED_CONFIG);
}

async function layerFiles(dir: string, source: 'user' | 'project'): Promise<ConfigFile[]> {
  const files = await Promise.all([
    discoveredFile(join(dir, 'hooks.json'), 'json', { source, role: 'hooks-file', layer: dir }),
    discoveredFile(join(dir, 'config.toml'), 'toml', { source, role: 'inline-config', layer: dir }),
  ]);
  return files.filter((file): file is ConfigFile => file !== null);
}

/** Plugin names with `[plugins.<name>] enabled = true` in the user config.toml, in file order. */
function enabledPlugins(userConfig: ConfigFile | undefined): string[] {
  const root = userConfig?.parsed.root;
  const plugins = root?.kind === 'object' ? setField(root, 'plugins')?.value : undefined;
  if (plugins?.kind !== 'object') return [];
  return plugins.entries
    .filter(({ key, value }) => {
      const enabled = value.kind === 'object' ? setField(value, 'enabled')?.value : undefined;
      // A name is one directory under plugins/; anything else could point outside it.
      return enabled?.kind === 'scalar' && enabled.value === true && /^[^/\\]+$/.test(key) && key !== '.' && key !== '..';
    })
    .map(({ key }) => key);
}

function pluginInfo(userDir: string, name: string): PluginInfo {
  return { name, root: join(userDir, 'plugins', name), data: join(userDir, 'plugin-data', name) };
}
