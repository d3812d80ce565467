import { join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { setField } from '../../config/field-value.js';
import type { LayerDeclaration } from '../../config/load-declaration.js';
import { formatFromPath, readNamedConfigFile } from '../../config/read-config-file.js';
import type { SourceEntry } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { DEFAULT_MANAGED_CONFIG, PROJECT_WALK } from './manifest.js';

/**
 * Every openinterpreter config layer in order (SPEC 2.1): the managed requirements file; the user's
 * hooks.json and config.toml; each project `.openinterpreter/` from the project root down to the
 * cwd (hooks.json, then config.toml); then each plugin the user's config.toml enables, its
 * hooks/hooks.json.
 */
export const LAYERS: LayerDeclaration = {
  layers: [
    {
      kind: 'file',
      source: 'managed',
      format: 'toml',
      role: 'managed-requirements',
      path: (context) => resolve(context.cwd, context.managedConfigPath ?? DEFAULT_MANAGED_CONFIG),
    },
    { kind: 'dir', source: 'user', dir: userDir, files: PROJECT_WALK.files },
    PROJECT_WALK,
    { kind: 'found', find: findPlugins, describe: describePluginFile },
  ],
};

function userDir(context: LoadContext): string {
  return join(context.home, PROJECT_WALK.dir);
}

/** Each enabled plugin's hooks/hooks.json (present or not, each is watched). */
async function findPlugins(context: LoadContext, earlier: readonly ConfigFile[]): Promise<{ files: ConfigFile[]; watchPaths: string[] }> {
  const userConfig = earlier.find((file) => file.source === 'user' && file.role === 'inline-config');
  const plugins = enabledPlugins(userConfig).map((name) => pluginInfo(userDir(context), name));
  const files = await Promise.all(
    plugins.map((plugin) =>
      discoveredFile(join(plugin.root, 'hooks', 'hooks.json'), 'json', {
        source: 'plugin',
        role: 'hooks-file',
        layer: plugin.root,
        plugin,
      }),
    ),
  );
  return {
    files: files.filter((file): file is ConfigFile => file !== null),
    watchPaths: plugins.map((plugin) => join(plugin.root, 'hooks', 'hooks.json')),
  };
}

/** A named `<user dir>/plugins/<name>/hooks/hooks.json` is that plugin's; null for any other file. */
async function describePluginFile(absolute: string, context: LoadContext): Promise<ConfigFile | null> {
  const [pluginName, ...rest] = relative(join(userDir(context), 'plugins'), absolute).split(sep);
  if (!pluginName || pluginName.startsWith('..') || rest.join('/') !== 'hooks/hooks.json') return null;
  const plugin = pluginInfo(userDir(context), pluginName);
  const format = formatFromPath(absolute) ?? 'json';
  return { parsed: await readNamedConfigFile(absolute, format, 'owned'), source: 'plugin', role: 'hooks-file', layer: plugin.root, plugin };
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
