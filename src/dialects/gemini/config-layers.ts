import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { LoadContext } from '../../kit/index.js';
import { geminiPaths } from './paths.js';

/**
 * Every Gemini CLI hook file in the order its registry runs them: the settings layers concatenate
 * their `hooks` (settings.ts mergeSettings: system defaults, user, workspace, system settings), then
 * each installed extension's `hooks/hooks.json` (hookRegistry.ts ranks extensions last). Settings
 * files are JSON with comments; an extension's hooks file is strict JSON (`JSON.parse`).
 */
export async function discoverGeminiFiles(context: LoadContext): Promise<ConfigFile[]> {
  const paths = geminiPaths(context);
  const [defaults, user, workspace, system, extensions] = await Promise.all([
    discoveredFile(paths.systemDefaults, 'jsonc', { source: 'managed', role: 'inline-config', layer: 'system-defaults' }),
    discoveredFile(paths.userSettings, 'jsonc', { source: 'user', role: 'inline-config' }),
    paths.workspaceSettings === null
      ? null
      : discoveredFile(paths.workspaceSettings, 'jsonc', { source: 'project', role: 'inline-config' }),
    discoveredFile(paths.systemSettings, 'jsonc', { source: 'managed', role: 'inline-config', layer: 'system' }),
    extensionFiles(paths.extensionsDir, context),
  ]);
  return [defaults, user, workspace, system, ...extensions].filter((file): file is ConfigFile => file !== null);
}

/** Paths whose change alters what discovery finds (LoadedConfig.watchPaths); the extensions dir as a directory. */
export function geminiWatchPaths(context: LoadContext): string[] {
  const paths = geminiPaths(context);
  return [
    paths.systemDefaults,
    paths.userSettings,
    ...(paths.workspaceSettings === null ? [] : [paths.workspaceSettings]),
    paths.systemSettings,
    `${paths.extensionsDir}${sep}`,
  ];
}

/** Each extension directory that has a `gemini-extension.json` (what makes it one), by name. */
async function extensionFiles(dir: string, context: LoadContext): Promise<(ConfigFile | null)[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
  names.sort();
  return Promise.all(
    names.map(async (name) => {
      const plugin = extensionInfo(dir, name, context);
      const manifest = await discoveredFile(join(plugin.root, 'gemini-extension.json'), 'json', {
        source: 'plugin',
        role: 'plugin-manifest',
      });
      if (manifest === null) return null;
      return discoveredFile(join(plugin.root, 'hooks', 'hooks.json'), 'json', {
        source: 'plugin',
        role: 'hooks-file',
        layer: plugin.root,
        plugin,
      });
    }),
  );
}

function extensionInfo(dir: string, name: string, _context: LoadContext): PluginInfo {
  return { name, root: join(dir, name), data: join(dir, name) };
}

/** Places a file named on the command line in the layer its path implies (`hookctl lint FILE`). */
export async function describeGeminiFile(path: string, context: LoadContext): Promise<ConfigFile> {
  const absolute = resolve(context.cwd, path);
  const paths = geminiPaths(context);
  const [extension, ...rest] = relative(paths.extensionsDir, absolute).split(sep);
  if (extension && !extension.startsWith('..') && rest.join('/') === 'hooks/hooks.json') {
    const plugin = extensionInfo(paths.extensionsDir, extension, context);
    return {
      parsed: await readNamedConfigFile(absolute, 'json', 'owned'),
      source: 'plugin',
      role: 'hooks-file',
      layer: plugin.root,
      plugin,
    };
  }
  // An extension's hooks file outside the install dir (a repository being developed): strict JSON, `{hooks}`.
  if (basename(absolute) === 'hooks.json' && basename(dirname(absolute)) === 'hooks') {
    const root = dirname(dirname(absolute));
    const plugin = { name: basename(root), root, data: root };
    return { parsed: await readNamedConfigFile(absolute, 'json', 'repository'), source: 'plugin', role: 'hooks-file', layer: root, plugin };
  }
  const managed = absolute === paths.systemSettings || absolute === paths.systemDefaults;
  const source = managed ? 'managed' : absolute === paths.userSettings ? 'user' : 'project';
  const parsed = await readNamedConfigFile(absolute, 'jsonc', source === 'project' ? 'repository' : 'owned');
  return { parsed, source, role: 'inline-config', layer: dirname(absolute), plugin: null };
}
