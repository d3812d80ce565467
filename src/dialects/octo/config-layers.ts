import { basename, dirname, join, resolve } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { findGitRoot } from '../../config/find-project-root.js';
import type { LayerDeclaration } from '../../config/load-declaration.js';
import type { SourceObject, SourcePosition } from '../../config/source-tree.js';
import type { LoadContext } from '../../kit/index.js';
import { memoryDirPath } from './builtin-hooks.js';
import { somethingAt } from '../../util/regular-file.js';
import { OCTO_EVENTS } from './events.js';
import { PROJECT_WALK } from './manifest.js';

const ENV_PREFIX = 'OCTO_HOOK_';

/**
 * Every octo config source in layer order (SPEC 3.1): the `OCTO_HOOK_<EVENT>` variables, the
 * user's `~/.octo/hooks.yml`, and the nearest project `.octo/hooks.yml` at or above the cwd (not
 * above the git root); then the `hooks.yaml` files octo never reads, for lint to point out. The
 * memory dir that switches the built-in hooks on is watched too. The `OCTO_HOOK_*` variables are
 * the agent's environment, read once.
 */
export const LAYERS: LayerDeclaration = {
  layers: [
    { kind: 'found', find: async (context) => ({ files: envFiles(context.env), watchPaths: [] }) },
    { kind: 'dir', source: 'user', dir: (context) => dirname(userHooksPath(context)), files: PROJECT_WALK.files },
    PROJECT_WALK,
    {
      kind: 'found',
      find: async (context) => ({ files: unreadFiles(context, userHooksPath(context)), watchPaths: [] }),
      // A hooks.yaml is never read by octo, whatever it holds: say so rather than lint it as if it ran.
      describe: async (absolute, context) =>
        basename(absolute) === 'hooks.yaml' && basename(dirname(absolute)) === '.octo' ? unreadFile(absolute, context) : null,
    },
  ],
  watch: (context) => [memoryDirPath(context.home)],
};

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

function userHooksPath(context: LoadContext): string {
  return join(context.home, '.octo', 'hooks.yml');
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
