import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { setField } from '../../config/field-value.js';
import type { FoundFiles, LayerDeclaration, LayerSource } from '../../config/load-declaration.js';
import type { PluginNotice } from '../../config/plugin-notices.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { SourcePosition } from '../../config/source-tree.js';
import type { HandlerSource, LoadContext } from '../../kit/index.js';
import { directoryAt } from '../../util/regular-file.js';
import { ENABLEMENT_FILE } from './extension-enablement.js';
import { extensionLocation, INSTALL_METADATA, readInstallMetadata } from './extensions.js';
import { WORKSPACE } from './manifest.js';
import { type GeminiPaths, geminiPaths } from './paths.js';

/**
 * Every Gemini CLI hook file in the order its registry runs them: the settings layers concatenate
 * their `hooks` (settings.ts mergeSettings: system defaults, user, workspace, system settings), then
 * each installed extension's `hooks/hooks.json` (hookRegistry.ts ranks extensions last). Settings
 * files are JSON with comments, whatever they are called (a named file that is no extension's is
 * read as a workspace settings file); an extension's hooks file is strict JSON (`JSON.parse`).
 * The workspace file is not read when the workspace is the home dir: it is the user file then.
 */
export const LAYERS: LayerDeclaration = {
  layers: [
    settingsLayer('managed', (paths) => paths.systemDefaults, 'system-defaults'),
    settingsLayer('user', (paths) => paths.userSettings),
    WORKSPACE,
    settingsLayer('managed', (paths) => paths.systemSettings, 'system'),
    { kind: 'found', find: extensionLayer, describe: describeExtensionFile },
  ],
  otherFiles: { source: 'project', role: 'inline-config', format: 'jsonc' },
};

/** A settings file at a fixed place; the two system files share a directory but are separate layers. */
function settingsLayer(source: HandlerSource, path: (paths: GeminiPaths) => string, layer?: string): LayerSource {
  return {
    kind: 'file',
    source,
    format: 'jsonc',
    role: 'inline-config',
    ...(layer === undefined ? {} : { layer }),
    path: (context) => path(geminiPaths(context)),
  };
}

/**
 * Each extension's files, and what decides them: per extension its install metadata, manifest and
 * hooks file (present or not), the extensions dir itself (an extension installed or removed) and
 * the enablement file.
 */
async function extensionLayer(context: LoadContext): Promise<FoundFiles> {
  const { extensionsDir } = geminiPaths(context);
  const found = await extensionFiles(extensionsDir, context);
  return {
    files: found.flatMap((extension) => extension.files),
    watchPaths: [...found.flatMap((extension) => extension.watchPaths), `${extensionsDir}${sep}`, join(extensionsDir, ENABLEMENT_FILE)],
  };
}

/**
 * Each entry of the extensions dir that is a directory (links followed: _buildExtension stats it),
 * read from where Gemini reads it: its install metadata `.gemini-extension-install.json` (listed
 * when present, so a broken one is a finding), then, for a linked extension (`type: "link"`,
 * `gemini extensions link`), `gemini-extension.json` and `hooks/hooks.json` of its `source` and
 * nothing else there; for any other, those of the install dir. Without a `gemini-extension.json`
 * Gemini skips the entry; for a link hookctl says so where the link is recorded.
 */
async function extensionFiles(dir: string, context: LoadContext): Promise<FoundFiles[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  names.sort();
  return Promise.all(names.map((name) => extensionOf(dir, name, context)));
}

async function extensionOf(dir: string, name: string, context: LoadContext): Promise<FoundFiles> {
  const installDir = join(dir, name);
  if (!directoryAt(installDir)) return { files: [], watchPaths: [] };
  const metadataPath = join(installDir, INSTALL_METADATA);
  const metadataFile = await discoveredFile(metadataPath, 'json', {
    source: 'plugin',
    role: 'plugin-manifest',
    layer: installDir,
    plugin: { name, root: installDir, data: installDir },
  });
  const notices: PluginNotice[] = [];
  const watchPaths = [metadataPath];
  const withMetadata = (files: ConfigFile[]): FoundFiles => ({
    files: metadataFile === null ? files : [notices.length > 0 ? { ...metadataFile, notices } : metadataFile, ...files],
    watchPaths,
  });
  const location = extensionLocation(installDir, readInstallMetadata(installDir), resolve(context.cwd));
  const at = sourcePosition(metadataFile);
  if (location.kind === 'bad-link') {
    const error = `the "source" of a link is ${location.found}, not a path; Gemini CLI skips the extension`;
    notices.push({ messageId: 'failedToRead', data: { file: metadataPath, error }, pos: at });
    return withMetadata([]);
  }
  const manifestPath = join(location.root, 'gemini-extension.json');
  const hooksPath = join(location.root, 'hooks', 'hooks.json');
  watchPaths.push(manifestPath, hooksPath);
  const plugin = extensionInfo(name, location.root, installDir);
  // A linked extension is read from the user's checkout: repository input, so it gets the repository's
  // size caps (the parse time of a 4 MiB hooks file on every gemini command is the cost otherwise).
  const linked = location.kind === 'link';
  const manifest = await discoveredFile(manifestPath, 'json', {
    source: 'plugin',
    role: 'plugin-manifest',
    ...(linked ? { origin: 'repository' as const } : {}),
  });
  if (manifest === null) {
    if (location.kind === 'link')
      notices.push({ messageId: 'notInstalled', data: { id: JSON.stringify(name), dir: location.root }, pos: at });
    return withMetadata([]);
  }
  const hooks = await discoveredFile(hooksPath, 'json', {
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

/**
 * A named extension hooks file (`hookctl lint FILE`): one in an install dir (`<extensions
 * dir>/<name>/hooks/hooks.json`), or one being written in the extension's own repository
 * (`<root>/hooks/hooks.json`, strict JSON, `{hooks}`). Null for any other file: the settings
 * layers place it.
 */
async function describeExtensionFile(absolute: string, context: LoadContext): Promise<ConfigFile | null> {
  const { extensionsDir } = geminiPaths(context);
  const [extension, ...rest] = relative(extensionsDir, absolute).split(sep);
  if (extension && !extension.startsWith('..') && rest.join('/') === 'hooks/hooks.json') {
    const installDir = join(extensionsDir, extension);
    const plugin = extensionInfo(extension, installDir, installDir);
    return {
      parsed: await readNamedConfigFile(absolute, 'json', 'owned'),
      source: 'plugin',
      role: 'hooks-file',
      layer: plugin.root,
      plugin,
    };
  }
  if (basename(absolute) !== 'hooks.json' || basename(dirname(absolute)) !== 'hooks') return null;
  const root = dirname(dirname(absolute));
  const plugin = { name: basename(root), root, data: root };
  return { parsed: await readNamedConfigFile(absolute, 'json', 'repository'), source: 'plugin', role: 'hooks-file', layer: root, plugin };
}
