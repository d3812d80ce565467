import { statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { findGitRoot } from '../../config/find-project-root.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { SourceObject, SourcePosition } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { memoryDirPath } from './builtin-hooks.js';
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
  return dirs
    .map((dir) => join(dir, 'hooks.yaml'))
    .filter((path) => statSync(path, { throwIfNoEntry: false }) !== undefined)
    .map((path) => unreadFile(path, context));
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
  const parsed = await readNamedConfigFile(absolute, 'yaml');
  return { parsed, source: absolute === userHooksPath(context) ? 'user' : 'project', role: 'hooks-file', layer: dirname(absolute), plugin: null };
}

function userHooksPath(context: LoadContext): string {
  return join(context.home, '.octo', 'hooks.yml');
}

function nearestProjectHooks(cwd: string, userPath: string): string | null {
  const gitRoot = findGitRoot(cwd);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, '.octo', 'hooks.yml');
    // The home's own file is the user layer even when the walk passes through it. Anything that
    // exists there stops the walk (a directory is then reported as unreadable, not skipped).
    if (candidate !== userPath && statSync(candidate, { throwIfNoEntry: false }) !== undefined) return candidate;
    if (dir === gitRoot || dir === dirname(dir)) return null;
  }
}

/**
 * Each non-empty `OCTO_HOOK_<EVENT>` variable as a one-handler file named `env:<VARIABLE>`, so the
 * same rules check it. Known events come in catalogue order, unknown names after them (sorted), so
 * the order does not depend on the environment's. An empty value counts as unset.
 */
function envFiles(env: LoadContext['env']): ConfigFile[] {
  const order = OCTO_EVENTS.map((event) => event.name as string);
  return Object.entries(env)
    .filter((entry): entry is [string, string] => entry[0].startsWith(ENV_PREFIX) && entry[0].length > ENV_PREFIX.length && !!entry[1])
    .map(([variable, command]) => ({ variable, command, event: pascalCase(variable.slice(ENV_PREFIX.length)) }))
    .sort((a, b) => rank(order, a.event) - rank(order, b.event) || (a.variable < b.variable ? -1 : 1))
    .map(({ variable, command, event }) => envFile(variable, command, event));
}

function rank(order: readonly string[], event: string): number {
  const index = order.indexOf(event);
  return index === -1 ? order.length : index;
}

/** `PRE_TOOL_USE` → `PreToolUse`. */
function pascalCase(screamingSnake: string): string {
  return screamingSnake
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}

function envFile(variable: string, command: string, event: string): ConfigFile {
  const pos: SourcePosition = { line: 1, column: 1, offset: 0 };
  const handler: SourceObject = { kind: 'object', entries: [{ key: 'command', keyPos: pos, value: { kind: 'scalar', value: command, pos } }], pos };
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
