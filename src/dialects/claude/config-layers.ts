import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { findGitRoot } from '../../config/find-project-root.js';
import type { FoundFiles, LayerDeclaration, LayerFile } from '../../config/load-declaration.js';
import { parseJson } from '../../config/parse-json.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { LoadContext } from '../../kit/index.js';
import { sessionValue } from '../../kit/load-context.js';
import { claudeUserDir, gitMarkersUpward, INLINE_SETTINGS_PATH, managedSettingsPath } from './paths.js';
import { discoverFrontmatterFiles, frontmatterKindOf, readFrontmatterFile } from './frontmatter.js';
import { discoverPlugins, enabledPluginList, manifestFile, manifestHookFiles, manifestName, pluginDataName } from './plugins.js';
import { probeRegularFile } from '../../util/regular-file.js';
import { managedTier, remoteSettingsIneligible, remoteSettingsPath } from './remote-settings.js';

/** The user's settings file, in `$CLAUDE_CONFIG_DIR` or `~/.claude`. */
const USER_FILES: readonly LayerFile[] = [{ name: 'settings.json', format: 'json', role: 'inline-config' }];

const notServed = (context: LoadContext) => context.served !== true;

/**
 * Every claude layer in order (SPEC-dialects 8.1): the managed tier (server-managed settings cached
 * in the config directory, or managed settings and its `managed-settings.d/` drop-ins:
 * remote-settings.ts), user, project, local (repository root, then the start directory),
 * `--settings`, each enabled plugin's hooks files, then skill and subagent frontmatter (linted and
 * listed, never dispatched: frontmatter.ts). Missing files are skipped; unreadable or malformed
 * ones are kept so that lint, list and the runtime report them. `hookctl serve --http` reads only
 * the hooks it serves, and the plugins they enable.
 */
export const LAYERS: LayerDeclaration = {
  layers: [
    { kind: 'found', when: notServed, find: managedLayer, describe: describeManagedFile },
    { kind: 'dir', when: notServed, source: 'user', dir: claudeUserDir, files: USER_FILES },
    { kind: 'found', when: notServed, find: projectLayer, describe: describeSettingsFile },
    { kind: 'found', when: notServed, find: flagLayer },
    // `hookctl serve --http`: the hooks it serves, in place of the settings layers.
    {
      kind: 'file',
      when: (context) => !notServed(context),
      source: 'project',
      format: 'json',
      role: 'inline-config',
      path: (context) => servedHooksPath(context.cwd),
    },
    { kind: 'found', find: pluginLayer, describe: describePluginFile },
    { kind: 'found', find: frontmatterLayer, describe: describeFrontmatterFile },
  ],
};

/**
 * The managed tier, and what places it: the cached server-managed settings (watched even where
 * this environment makes Claude ignore them), the managed file and its `managed-settings.d/` listing.
 */
async function managedLayer(context: LoadContext): Promise<FoundFiles> {
  const managedPath = managedSettingsPath(context);
  const remotePath = remoteSettingsPath(context);
  const dropInDir = join(dirname(managedPath), 'managed-settings.d');
  const placement = { source: 'managed', role: 'managed-requirements' } as const;
  const [remote, managed, dropIns] = await Promise.all([
    remoteSettingsIneligible(context.env) === null ? discoveredFile(remotePath, 'json', placement) : null,
    discoveredFile(managedPath, 'json', placement),
    managedDropIns(dropInDir),
  ]);
  const files = managedTier(remote, nonNull([managed, ...dropIns]));
  return { files, watchPaths: [remotePath, managedPath, `${dropInDir}${sep}`, ...files.map((file) => file.parsed.path)] };
}

/**
 * The project and local settings of the start directory (no upward walk: cc settings §Where Claude
 * Code keeps the local file), the repository root's local file, and the `.git` markers that place
 * that root. A start directory that is the home holds the user layer, not a project layer.
 */
async function projectLayer(context: LoadContext): Promise<FoundFiles> {
  const userDir = claudeUserDir(context);
  const projectDir = join(context.cwd, '.claude');
  const projectPath = join(projectDir, 'settings.json');
  const [project, local] = await Promise.all([
    projectDir === userDir ? null : discoveredFile(projectPath, 'json', { source: 'project', role: 'inline-config' }),
    localSettingsFiles(context, userDir),
  ]);
  const files = nonNull([project, ...local]);
  const root = findGitRoot(context.cwd);
  const watchPaths = [
    projectPath,
    ...(root === null ? [] : [join(root, '.claude', 'settings.local.json')]),
    join(projectDir, 'settings.local.json'),
    ...gitMarkersUpward(context.cwd),
  ];
  return { files, watchPaths };
}

async function flagLayer(context: LoadContext): Promise<FoundFiles> {
  const file = await flagSettings(context);
  const flag = sessionValue(context, 'settings');
  const named = flag === undefined || flag.trimStart().startsWith('{') ? [] : [resolve(context.cwd, flag)];
  return { files: nonNull([file]), watchPaths: named };
}

/**
 * Each enabled plugin's hooks files (plugins.ts), with what cannot be loaded as a notice on the
 * settings entry that enables it, and the plugins' cache listings, manifests and hooks files (read
 * or not) to watch.
 */
async function pluginLayer(context: LoadContext, earlier: readonly ConfigFile[]): Promise<FoundFiles> {
  return discoverPlugins(settingsFiles(earlier), context);
}

/**
 * Skill and subagent hooks of the project, the user and the enabled plugins: listed, never
 * dispatched, so a dispatch does not read them (1,000 skills cost `run` 0.8 s) and a change to them
 * is not watched.
 */
async function frontmatterLayer(context: LoadContext, earlier: readonly ConfigFile[]): Promise<FoundFiles> {
  if (context.dispatchOnly || context.served) return { files: [], watchPaths: [] };
  const { plugins } = await enabledPluginList(settingsFiles(earlier), context);
  return { files: await discoverFrontmatterFiles(context, plugins), watchPaths: [] };
}

/** The settings files among the earlier layers' (not plugin hooks files, not frontmatter). */
export function settingsFiles(files: readonly ConfigFile[]): ConfigFile[] {
  return files.filter((file) => file.role === 'inline-config' || file.role === 'managed-requirements');
}

function nonNull(files: readonly (ConfigFile | null)[]): ConfigFile[] {
  return files.filter((file): file is ConfigFile => file !== null);
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
async function managedDropIns(dir: string): Promise<ConfigFile[]> {
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

/*
 * A file named on the command line (`hookctl lint FILE`) is placed by the layer its path implies,
 * asked in layer order: a managed-tier file, then any other settings file, a plugin's manifest or
 * hooks file, a skill or agent `.md`. Each leaves to the later layers the files they claim.
 */

const isMarkdown = (absolute: string) => extname(absolute).toLowerCase() === '.md';
const isPluginManifest = (absolute: string) => basename(absolute) === 'plugin.json' && basename(dirname(absolute)) === '.claude-plugin';
const isPluginHooks = (absolute: string) => basename(absolute) === 'hooks.json' && basename(dirname(absolute)) === 'hooks';

/** The managed file or a drop-in (wherever it sits, by its name or directory), or the cached server-managed settings. */
async function describeManagedFile(absolute: string, context: LoadContext): Promise<ConfigFile | null> {
  if (isMarkdown(absolute) || isPluginManifest(absolute)) return null;
  const dir = dirname(absolute);
  const managedTierFile = absolute === managedSettingsPath(context) || absolute === remoteSettingsPath(context);
  if (!managedTierFile && basename(dir) !== 'managed-settings.d' && basename(absolute) !== 'managed-settings.json') return null;
  const parsed = await readNamedConfigFile(absolute, 'json');
  return { parsed, layer: dir, plugin: null, source: 'managed', role: 'managed-requirements' };
}

/** Any other settings file: the user's in the user dir, else a project one (`settings.local.json`: local). */
async function describeSettingsFile(absolute: string, context: LoadContext): Promise<ConfigFile | null> {
  if (isMarkdown(absolute) || isPluginManifest(absolute) || isPluginHooks(absolute)) return null;
  const parsed = await readNamedConfigFile(absolute, 'json');
  const dir = dirname(absolute);
  const base = { parsed, layer: dir, plugin: null, role: 'inline-config' } as const;
  if (dir === claudeUserDir(context)) return { ...base, source: 'user' };
  return { ...base, source: basename(absolute) === 'settings.local.json' ? 'local' : 'project' };
}

/** A plugin's manifest (what it makes Claude load) or its `hooks/hooks.json`. */
async function describePluginFile(absolute: string, context: LoadContext): Promise<ConfigFile | ConfigFile[] | null> {
  if (isPluginManifest(absolute)) return describePluginManifest(dirname(dirname(absolute)), context);
  if (!isPluginHooks(absolute)) return null;
  const parsed = await readNamedConfigFile(absolute, 'json');
  const dir = dirname(absolute);
  // A plugin being written, in its own repository (issue 23): its root is where
  // `${CLAUDE_PLUGIN_ROOT}` points, so script-aware rules find `${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`.
  const root = dirname(dir);
  if (probeRegularFile(join(root, '.claude-plugin', 'plugin.json')).kind !== 'file')
    return { parsed, layer: dir, plugin: null, source: 'plugin', role: 'hooks-file' };
  return { parsed, source: 'plugin', role: 'hooks-file', layer: root, plugin: await localPlugin(root, context) };
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
async function describeFrontmatterFile(path: string, context: LoadContext): Promise<ConfigFile | null> {
  if (!isMarkdown(path)) return null;
  const source = path.startsWith(`${claudeUserDir(context)}${sep}`) ? 'user' : 'project';
  const file = await readFrontmatterFile(path, frontmatterKindOf(path), source, null);
  if (file !== null) return file;
  const parsed = { path, format: 'yaml' as const, text: '', root: null, errors: [], duplicateKeys: [] };
  return { parsed, source, role: 'hooks-file', layer: path, plugin: null };
}
