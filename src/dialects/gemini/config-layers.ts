import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { setField } from '../../config/field-value.js';
import type { PluginNotice } from '../../config/plugin-notices.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { SourcePosition } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { directoryAt } from '../../util/regular-file.js';
import { extensionLocation, INSTALL_METADATA, readInstallMetadata } from './extensions.js';
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

/**
 * Each entry of the extensions dir that is a directory (links followed: _buildExtension stats it),
 * read from where Gemini reads it: its install metadata `.gemini-extension-install.json` (listed
 * when present, so a broken one is a finding), then, for a linked extension (`type: "link"`,
 * `gemini extensions link`), `gemini-extension.json` and `hooks/hooks.json` of its `source` and
 * nothing else there; for any other, those of the install dir. Without a `gemini-extension.json`
 * Gemini skips the entry; for a link hookctl says so where the link is recorded.
 */
async function extensionFiles(dir: string, context: LoadContext): Promise<ConfigFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  names.sort();
  return (await Promise.all(names.map((name) => extensionOf(dir, name, context)))).flat();
}

async function extensionOf(dir: string, name: string, context: LoadContext): Promise<ConfigFile[]> {
  const installDir = join(dir, name);
  if (!directoryAt(installDir)) return [];
  const metadataPath = join(installDir, INSTALL_METADATA);
  const metadataFile = await discoveredFile(metadataPath, 'json', {
    source: 'plugin',
    role: 'plugin-manifest',
    layer: installDir,
    plugin: { name, root: installDir, data: installDir },
  });
  const notices: PluginNotice[] = [];
  const withMetadata = (files: ConfigFile[]): ConfigFile[] =>
    metadataFile === null ? files : [notices.length > 0 ? { ...metadataFile, notices } : metadataFile, ...files];
  const location = extensionLocation(installDir, readInstallMetadata(installDir), resolve(context.cwd));
  const at = sourcePosition(metadataFile);
  if (location.kind === 'bad-link') {
    const error = `the "source" of a link is ${location.found}, not a path; Gemini CLI skips the extension`;
    notices.push({ messageId: 'failedToRead', data: { file: metadataPath, error }, pos: at });
    return withMetadata([]);
  }
  const plugin = extensionInfo(name, location.root, installDir);
  // A linked extension is read from the user's checkout: repository input, so it gets the repository's
  // size caps (the parse time of a 4 MiB hooks file on every gemini command is the cost otherwise).
  const linked = location.kind === 'link';
  const manifest = await discoveredFile(join(location.root, 'gemini-extension.json'), 'json', {
    source: 'plugin',
    role: 'plugin-manifest',
    ...(linked ? { origin: 'repository' as const } : {}),
  });
  if (manifest === null) {
    if (location.kind === 'link')
      notices.push({ messageId: 'notInstalled', data: { id: JSON.stringify(name), dir: location.root }, pos: at });
    return withMetadata([]);
  }
  const hooks = await discoveredFile(join(location.root, 'hooks', 'hooks.json'), 'json', {
    source: 'plugin',
    role: 'hooks-file',
    layer: location.root,
    plugin,
    ...(linked ? { origin: 'repository' as const } : {}),
  });
  return withMetadata(hooks === null ? [] : [hooks]);
}

/** Where a notice about the install metadata goes: its `source` value, else the top of the file. */
function sourcePosition(file: ConfigFile | null): SourcePosition {
  const root = file?.parsed.root;
  const source = root?.kind === 'object' ? setField(root, 'source') : undefined;
  return source?.value.pos ?? (root ?? undefined)?.pos ?? { line: 1, column: 1, offset: 0 };
}

/** An extension for its hooks: `root` is where Gemini reads it (`${extensionPath}`), `data` its install dir. */
function extensionInfo(name: string, root: string, installDir: string): PluginInfo {
  return { name, root, data: installDir };
}

/** Places a file named on the command line in the layer its path implies (`hookctl lint FILE`). */
export async function describeGeminiFile(path: string, context: LoadContext): Promise<ConfigFile> {
  const absolute = resolve(context.cwd, path);
  const paths = geminiPaths(context);
  const [extension, ...rest] = relative(paths.extensionsDir, absolute).split(sep);
  if (extension && !extension.startsWith('..') && rest.join('/') === 'hooks/hooks.json') {
    const installDir = join(paths.extensionsDir, extension);
    const plugin = extensionInfo(extension, installDir, installDir);
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
