import { basename, dirname, join, resolve } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { findGitRoot } from '../../config/find-project-root.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { SourceObject, SourcePosition } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { memoryDirPath } from './builtin-hooks.js';
import { somethingAt } from '../../util/regular-file.js';
import { OCTO_EVENTS } from './events.js';

const ENV_PREFIX = 'OCTO_HOOK_';

/**
 * Every octo config source in layer order (SPEC 3.1): the `OCTO_HOOK_<EVENT>` variables, the
 * user's `~/.octo/hooks.yml`, and the nearest project `.octo/hooks.yml` at or above the cwd (not
 * above the git root).
 */
export async function discoverOctoFiles(context: LoadContext): Promise<ConfigFile[]> {
  const userPath = userHooksPath(context);
  const projectPath = nearestProjectHooks(context.cwd, userPath);
  const [user, project] = await Promise.all([
    discoveredFile(userPath, 'yaml', { source: 'user', role: 'hooks-file' }),
    projectPath === null ? null : discoveredFile(projectPath, 'yaml', { source: 'project', role: 'hooks-file' }),
  ]);
  return [...envFiles(context.env), user, project, ...unreadFiles(context, userPath)].filter((file): file is ConfigFile => file !== null);
}

/**
 * `hooks.yaml` files where octo looks for `hooks.yml` (the user dir and the project walk): octo
 * never reads them (seed 001 names only hooks.yml), so the `unread-file` rule points them out.
 */
function unreadFiles(context: LoadContext, userPath: string): ConfigFile[] {
  const dirs = [dirname(userPath)];
  const gitRoot = findGitRoot(context.cwd);
  for (let dir = resolve(context.cwd); ; dir = dirname(dir)) {
    const octoDir = join(dir, '.octo');
    if (octoDir !== dirs[0]) dirs.push(octoDir);
    if (dir === gitRoot || dir === dirname(dir)) break;
  }
  return (
    dirs
      .map((dir) => join(dir, 'hooks.yaml'))
      // Anything at the path counts (a symlink loop there is still pointed out, never a crash).
      .filter((path) => somethingAt(path))
      .map((path) => unreadFile(path, context))
  );
}

/** A file octo never reads, listed (not parsed) so lint can say so. */
function unreadFile(path: string, context: LoadContext): ConfigFile {
  return {
    parsed: { path, format: 'yaml', text: '', root: null, errors: [], duplicateKeys: [] },
    source: dirname(path) === dirname(userHooksPath(context)) ? 'user' : 'project',
    role: 'unread',
    layer: dirname(path),
    plugin: null,
    readInstead: join(dirname(path), 'hooks.yml'),
  };
}

/**
 * Every path whose change alters what octo loads (LoadedConfig.watchPaths): the user's hooks.yml,
 * a `.octo/hooks.yml` in every directory from the cwd up to the git root (the nearest one wins, so
 * one created below the current one takes over), the `.git` of each of those directories (one
 * appearing moves the top of the walk), and the memory dir that switches the built-in hooks on.
 * The `OCTO_HOOK_*` variables are the agent's environment, read once.
 */
export function octoWatchPaths(context: LoadContext): string[] {
  const userPath = userHooksPath(context);
  const gitRoot = findGitRoot(context.cwd);
  const paths = [userPath];
  for (let dir = resolve(context.cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, '.octo', 'hooks.yml');
    if (candidate !== userPath) paths.push(candidate);
    paths.push(join(dir, '.git'));
    if (dir === gitRoot || dir === dirname(dir)) break;
  }
  return [...paths, memoryDirPath(context.home)];
}

/** Places a file named on the command line: the user's hooks.yml or a project one. */
export async function describeOctoFile(path: string, context: LoadContext): Promise<ConfigFile> {
  const absolute = resolve(context.cwd, path);
  // A hooks.yaml is never read by octo, whatever it holds: say so rather than lint it as if it ran.
  if (basename(absolute) === 'hooks.yaml' && basename(dirname(absolute)) === '.octo') return unreadFile(absolute, context);
  const source = absolute === userHooksPath(context) ? 'user' : 'project';
  const parsed = await readNamedConfigFile(absolute, 'yaml', source === 'user' ? 'owned' : 'repository');
  return { parsed, source, role: 'hooks-file', layer: dirname(absolute), plugin: null };
}

function userHooksPath(context: LoadContext): string {
  return join(context.home, '.octo', 'hooks.yml');
}

function nearestProjectHooks(cwd: string, userPath: string): string | null {
  const gitRoot = findGitRoot(cwd);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, '.octo', 'hooks.yml');
    // The home's own file is the user layer even when the walk passes through it. Anything at
    // that path stops the walk (a directory, a FIFO, a symlink loop… is then reported as
    // unreadable, not skipped).
    if (candidate !== userPath && somethingAt(candidate)) return candidate;
    if (dir === gitRoot || dir === dirname(dir)) return null;
  }
}

/** `OCTO_HOOK_PRE_TOOL_USE` → `PreToolUse`, for the seven octo events only. */
const ENV_VARIABLES: ReadonlyMap<string, string> = new Map(
  OCTO_EVENTS.map((event) => [`${ENV_PREFIX}${event.name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toUpperCase()}`, event.name]),
);

/**
 * Each non-empty `OCTO_HOOK_<EVENT>` variable as a one-handler file named `env:<VARIABLE>`, so the
 * same rules check it, in event catalogue order (not the environment's). Only the seven event
 * names are hooks: any other `OCTO_HOOK_*` variable (`OCTO_HOOK_TIMEOUT=30`) is something else
 * and is ignored (SPEC 3.1). Reading it as an unknown event would be a hard load error, so one
 * stray variable in the agent's environment would switch every octo hook off.
 */
function envFiles(env: LoadContext['env']): ConfigFile[] {
  return [...ENV_VARIABLES].flatMap(([variable, event]) => {
    const command = env[variable];
    // An empty value counts as unset.
    return command ? [envFile(variable, command, event)] : [];
  });
}

function envFile(variable: string, command: string, event: string): ConfigFile {
  const pos: SourcePosition = { line: 1, column: 1, offset: 0 };
  const handler: SourceObject = {
    kind: 'object',
    entries: [{ key: 'command', keyPos: pos, value: { kind: 'scalar', value: command, pos } }],
    pos,
  };
  const root: SourceObject = {
    kind: 'object',
    pos,
    entries: [
      {
        key: 'hooks',
        keyPos: pos,
        value: { kind: 'object', pos, entries: [{ key: event, keyPos: pos, value: { kind: 'array', items: [handler], pos } }] },
      },
    ],
  };
  return {
    parsed: { path: `env:${variable}`, format: 'yaml', text: command, root, errors: [], duplicateKeys: [] },
    source: 'env',
    role: 'env',
    layer: 'env',
    plugin: null,
  };
}
