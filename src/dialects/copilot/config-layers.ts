import { opendir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { discoveredFile } from '../../config/discovered-file.js';
import { readNamedConfigFile } from '../../config/read-config-file.js';
import type { LoadContext } from '../../kit/index.js';

/** The two hook directories: `<cwd>/.github/hooks` (never a parent's) and `$COPILOT_HOME/hooks` (default `~/.copilot/hooks`). */
export function copilotHookDirs(context: Pick<LoadContext, 'cwd' | 'home' | 'env'>): { project: string; user: string } {
  const cwd = resolve(context.cwd);
  const home = context.env.COPILOT_HOME ? resolve(cwd, context.env.COPILOT_HOME) : join(context.home, '.copilot');
  return { project: join(cwd, '.github', 'hooks'), user: join(home, 'hooks') };
}

/**
 * Every `*.json` of both hook directories. Copilot CLI 1.0.102 runs a directory's files in descending
 * code-unit order of their names (`b.json` before `a.json`, `_x` before `C`, `2` before `10`:
 * test/agents/copilot), which is the order here; the user's directory runs before the project's
 * (test/agents/copilot/process.test.ts).
 */
export async function discoverCopilotFiles(context: LoadContext): Promise<ConfigFile[]> {
  const dirs = copilotHookDirs(context);
  const [project, user] = await Promise.all([filesIn(dirs.project, 'project'), filesIn(dirs.user, 'user')]);
  return [...user, ...project];
}

/**
 * At most this many entries of one hook directory are looked at: a checkout can commit any number of
 * files under `.github/hooks/`, and the rest is reported (an error finding at the directory), never
 * skipped silently. The same budget as the claude dialect's skill and agent walks.
 */
const MAX_ENTRIES = 1000;

async function filesIn(dir: string, source: 'project' | 'user'): Promise<ConfigFile[]> {
  const listed = await firstEntries(dir);
  if (listed === null) return [];
  const names = listed.names.filter((name) => name.endsWith('.json'));
  names.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const read = await Promise.all(names.map((name) => discoveredFile(join(dir, name), 'json', { source, role: 'hooks-file', layer: dir })));
  const files = read.filter((file): file is ConfigFile => file !== null);
  if (listed.truncated) files.push(tooManyEntries(dir, source));
  return files;
}

/** The first MAX_ENTRIES names of a directory, read one by one (never the whole listing); null when it cannot be read. */
async function firstEntries(dir: string): Promise<{ names: string[]; truncated: boolean } | null> {
  const names: string[] = [];
  try {
    const handle = await opendir(dir);
    try {
      for (let entry = await handle.read(); entry !== null; entry = await handle.read()) {
        if (names.length === MAX_ENTRIES) return { names, truncated: true };
        names.push(entry.name);
      }
    } finally {
      await handle.close().catch(() => undefined);
    }
  } catch {
    return names.length === 0 ? null : { names, truncated: false };
  }
  return { names, truncated: false };
}

function tooManyEntries(dir: string, source: 'project' | 'user'): ConfigFile {
  const message = `more than ${MAX_ENTRIES} entries in this directory; the rest is not read`;
  const pos = { line: 1, column: 1, offset: 0 };
  return {
    parsed: { path: dir, format: 'json', text: '', root: null, errors: [{ message, pos }], duplicateKeys: [] },
    source,
    role: 'hooks-file',
    layer: dir,
    plugin: null,
  };
}

export function copilotWatchPaths(context: LoadContext): string[] {
  const dirs = copilotHookDirs(context);
  return [`${dirs.project}/`, `${dirs.user}/`];
}

/** Places a file named on the command line: in the user hook dir it is the user's, anywhere else a project file. */
export async function describeCopilotFile(path: string, context: LoadContext): Promise<ConfigFile> {
  const absolute = resolve(context.cwd, path);
  const user = dirname(absolute) === copilotHookDirs(context).user;
  const parsed = await readNamedConfigFile(absolute, 'json', user ? 'owned' : 'repository');
  return { parsed, source: user ? 'user' : 'project', role: 'hooks-file', layer: dirname(absolute), plugin: null };
}
