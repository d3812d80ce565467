import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { findGitRoot } from '../../config/find-project-root.js';
import { parseJson } from '../../config/parse-json.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { LoadContext } from '../../kit/index.js';
import { sessionValue } from '../../kit/load-context.js';
import { claudeUserDir, gitMarkersUpward, INLINE_SETTINGS_PATH, managedSettingsPath } from './paths.js';
import { discoverFrontmatterFiles, frontmatterKindOf, readFrontmatterFile } from './frontmatter.js';
import { discoverPlugins, manifestFile, manifestHookFiles, manifestName, pluginDataName } from './plugins.js';
import { probeRegularFile } from '../../util/regular-file.js';
import { managedTier, remoteSettingsIneligible, remoteSettingsPath } from './remote-settings.js';

/**
 * Every claude settings file in layer order (SPEC-dialects 8.1): the managed tier (server-managed
 * settings cached in the config directory, or managed settings and its `managed-settings.d/`
 * drop-ins: remote-settings.ts), user, project, local (repository root, then the start directory),
 * `--settings`, then each enabled plugin's hooks files. Missing files are skipped; unreadable or
 * malformed ones are kept so that lint, list and the runtime report them.
 */
export async function discoverClaudeFiles(context: LoadContext): Promise<ConfigFile[]> {
  const settings = await discoverSettingsFiles(context);
  // The settings come back carrying what discovery found about their `enabledPlugins` entries.
  const plugins = await discoverPlugins(settings, context);
  // Skill and subagent frontmatter hooks last: linted with the rest, never dispatched (frontmatter.ts).
  return [...plugins.settings, ...plugins.files, ...(await discoverFrontmatterFiles(context, plugins.plugins))];
}

/** The settings layers (1 to 5 of 8.1), without plugins. */
export async function discoverSettingsFiles(context: LoadContext): Promise<ConfigFile[]> {
  if (context.served) {
    const served = await discoveredFile(servedHooksPath(context.cwd), 'json', { source: 'project', role: 'inline-config' });
    return served === null ? [] : [served];
  }
  const managedPath = managedSettingsPath(context);
  const userDir = claudeUserDir(context);
  const projectDir = join(context.cwd, '.claude');
  // Server-managed settings: a managed-layer peer cached in the config directory, read where Claude reads it.
  const remotePath = remoteSettingsIneligible(context.env) === null ? remoteSettingsPath(context) : null;
  const [remote, managed, dropIns, user, project, local, flag] = await Promise.all([
    remotePath === null ? null : discoveredFile(remotePath, 'json', { source: 'managed', role: 'managed-requirements' }),
    discoveredFile(managedPath, 'json', { source: 'managed', role: 'managed-requirements' }),
    managedDropIns(managedPath),
    discoveredFile(join(userDir, 'settings.json'), 'json', { source: 'user', role: 'inline-config' }),
    // No upward walk: only the start directory's .claude/ (cc settings §Where Claude Code keeps the local file).
    // A start directory that is the home holds the user layer, not a project layer.
    projectDir === userDir ? null : discoveredFile(join(projectDir, 'settings.json'), 'json', { source: 'project', role: 'inline-config' }),
    localSettingsFiles(context, userDir),
    flagSettings(context),
  ]);
  const fileBased = [managed, ...dropIns].filter((file): file is ConfigFile => file !== null);
  return [...managedTier(remote, fileBased), user, project, ...local, flag].filter((file): file is ConfigFile => file !== null);
}

/**
 * Every path whose change alters what discoverSettingsFiles finds (LoadedConfig.watchPaths; the
 * plugins add theirs): the cached server-managed settings, the managed file and its `managed-settings.d/` listing, the user, project
 * and both local settings files (present or not), a `--settings` file, and the `.git` markers that
 * place the repository root whose local settings file counts.
 */
export function claudeSettingsWatchPaths(context: LoadContext): string[] {
  if (context.served) return [servedHooksPath(context.cwd)];
  const managedPath = managedSettingsPath(context);
  const userDir = claudeUserDir(context);
  const root = findGitRoot(context.cwd);
  const flag = sessionValue(context, 'settings');
  return [
    remoteSettingsPath(context),
    managedPath,
    `${join(dirname(managedPath), 'managed-settings.d')}${sep}`,
    join(userDir, 'settings.json'),
    join(context.cwd, '.claude', 'settings.json'),
    ...(root === null ? [] : [join(root, '.claude', 'settings.local.json')]),
    join(context.cwd, '.claude', 'settings.local.json'),
    ...(flag === undefined || flag.trimStart().startsWith('{') ? [] : [resolve(context.cwd, flag)]),
    ...gitMarkersUpward(context.cwd),
  ];
}

/**
 * The hooks `hookctl serve --http` serves (docs/serve.md, "Over HTTP"): settings-shaped JSON
 * (`{ "hooks": { … } }`) that Claude Code never reads, so it never runs them itself and never
 * registers the server's own http handler in them.
 */
export function servedHooksPath(projectDir: string): string {
  return join(projectDir, '.claude', 'hookctl-served.json');
}

/**
 * `managed-settings.d/*.json` beside the managed file, in alphabetical order, hidden files skipped
 * (cc managed §Split a file-based policy). Later files win for single values; hooks add up.
 */
async function managedDropIns(managedPath: string): Promise<ConfigFile[]> {
  const dir = join(dirname(managedPath), 'managed-settings.d');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const picked = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  const files = await Promise.all(
    picked.map((name) => discoveredFile(join(dir, name), 'json', { source: 'managed', role: 'managed-requirements' })),
  );
  return files.filter((file): file is ConfigFile => file !== null);
}

/**
 * `.claude/settings.local.json` at the repository root, then at the start directory when that is a
 * different file; both are read. Outside a git repository, when the repository root is the home
 * directory, or when the root is not owned by the user, only the start directory's is used
 * (cc settings §Where Claude Code keeps the local file).
 */
async function localSettingsFiles(context: LoadContext, userDir: string): Promise<ConfigFile[]> {
  const cwdFile = join(context.cwd, '.claude', 'settings.local.json');
  const paths: string[] = [];
  const root = findGitRoot(context.cwd);
  if (root !== null && resolve(root) !== resolve(context.home) && (await ownedByUser(root))) {
    const rootFile = join(root, '.claude', 'settings.local.json');
    if (rootFile !== cwdFile) paths.push(rootFile);
  }
  paths.push(cwdFile);
  const files = await Promise.all(
    paths
      .filter((path) => dirname(path) !== userDir)
      .map((path) => discoveredFile(path, 'json', { source: 'local', role: 'inline-config' })),
  );
  return files.filter((file): file is ConfigFile => file !== null);
}

async function ownedByUser(dir: string): Promise<boolean> {
  if (typeof process.getuid !== 'function') return true;
  try {
    return (await stat(dir)).uid === process.getuid();
  } catch {
    return false;
  }
}

/**
 * `--settings <file-or-json>` (cc settings §Change a setting for one session): text that starts
 * with `{` is the settings themselves, anything else a path relative to the start directory. A
 * named file that does not exist is reported, not skipped: the user asked for it.
 */
async function flagSettings(context: LoadContext): Promise<ConfigFile | null> {
  const value = sessionValue(context, 'settings');
  if (value === undefined) return null;
  if (value.trimStart().startsWith('{')) {
    return {
      parsed: parseJson(value, INLINE_SETTINGS_PATH),
      source: 'flag',
      role: 'inline-config',
      layer: INLINE_SETTINGS_PATH,
      plugin: null,
    };
  }
  const path = resolve(context.cwd, value);
  return { parsed: await readNamedConfigFile(path, 'json'), source: 'flag', role: 'inline-config', layer: dirname(path), plugin: null };
}

/** Places a file named on the command line (`hookctl lint FILE`) in the layer its path implies. */
export async function describeClaudeFile(path: string, context: LoadContext): Promise<ConfigFile | ConfigFile[]> {
  const absolute = resolve(context.cwd, path);
  if (extname(absolute).toLowerCase() === '.md') return describeFrontmatterFile(absolute, context);
  if (basename(absolute) === 'plugin.json' && basename(dirname(absolute)) === '.claude-plugin')
    return describePluginManifest(dirname(dirname(absolute)), context);
  const parsed = await readNamedConfigFile(absolute, 'json');
  const name = basename(absolute);
  const dir = dirname(absolute);
  const base = { parsed, layer: dir, plugin: null };
  const managedTierFile = absolute === managedSettingsPath(context) || absolute === remoteSettingsPath(context);
  if (managedTierFile || basename(dir) === 'managed-settings.d' || name === 'managed-settings.json') {
    return { ...base, source: 'managed', role: 'managed-requirements' };
  }
  if (name === 'hooks.json' && basename(dir) === 'hooks') {
    // A plugin being written, in its own repository (issue 23): its root is where
    // `${CLAUDE_PLUGIN_ROOT}` points, so script-aware rules find `${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`.
    const root = dirname(dir);
    if (probeRegularFile(join(root, '.claude-plugin', 'plugin.json')).kind !== 'file')
      return { ...base, source: 'plugin', role: 'hooks-file' };
    return { parsed, source: 'plugin', role: 'hooks-file', layer: root, plugin: await localPlugin(root, context) };
  }
  if (dir === claudeUserDir(context)) return { ...base, source: 'user', role: 'inline-config' };
  return { ...base, source: name === 'settings.local.json' ? 'local' : 'project', role: 'inline-config' };
}

/** A plugin being written, in its own repository: `<manifest name>@local`, its data where Claude would keep it. */
async function localPlugin(root: string, context: LoadContext): Promise<PluginInfo> {
  const id = `${(await manifestName(root)) ?? basename(root)}@local`;
  return { name: id, root, data: join(claudeUserDir(context), 'plugins', 'data', pluginDataName(id)) };
}

/**
 * A plugin repository's manifest (issue 23): the hooks files and inline config its `hooks` adds to
 * `hooks/hooks.json` (which the repository lists on its own), in the plugin's layer, and the
 * manifest itself, carrying what cannot be loaded — or its syntax errors, since Claude Code then
 * loads none of the plugin.
 */
async function describePluginManifest(root: string, context: LoadContext): Promise<ConfigFile[]> {
  const plugin = await localPlugin(root, context);
  const defaultLoaded = probeRegularFile(join(root, 'hooks', 'hooks.json')).kind === 'file';
  const { files, carrier, manifest } = await manifestHookFiles(plugin, defaultLoaded);
  const path = join(root, '.claude-plugin', 'plugin.json');
  const parsed = manifest ?? (await readNamedConfigFile(path, 'json'));
  const itself = carrier ?? manifestFile(parsed, plugin, []);
  return [...files, { ...itself, parsed: { ...itself.parsed, errors: parsed.errors } }];
}

/**
 * A skill or agent file named on the command line or found in a repository (`.claude/skills/<name>/SKILL.md`,
 * `.claude/agents/<name>.md`): its frontmatter `hooks`, or, when it has none, a file with nothing to check.
 */
async function describeFrontmatterFile(path: string, context: LoadContext): Promise<ConfigFile> {
  const source = path.startsWith(`${claudeUserDir(context)}${sep}`) ? 'user' : 'project';
  const file = await readFrontmatterFile(path, frontmatterKindOf(path), source, null);
  if (file !== null) return file;
  const parsed = { path, format: 'yaml' as const, text: '', root: null, errors: [], duplicateKeys: [] };
  return { parsed, source, role: 'hooks-file', layer: path, plugin: null };
}
