import { realpathSync, statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { commandScripts, findUpward } from '../config/command-script.js';
import { findGitRoot } from '../config/find-project-root.js';
import { displayPath } from '../util/display-path.js';
import { hashRegularFile, SIZE_CAPS, statsAt } from '../util/regular-file.js';

/**
 * Absolute script path → content hash, null when the file did not exist, or `unreadable: <reason>`
 * when it is not a regular file hookctl can read (a symlink to a device, a FIFO, a loop, a file
 * over the cap…). The reason is recorded like a hash, so a script that becomes readable (or
 * changes kind) later is a change that revokes trust. A directory a command `cd`s into is recorded
 * under its path with a trailing `/`, as `directory` or null: when it disappears, `cd dir; ./x.sh`
 * runs another `x.sh`, so that is a change too.
 */
export type ScriptHashes = Record<string, string | null>;

const DIRECTORY = 'directory';

/**
 * The files these commands run (every script of a chain, preloads, sourced files; see
 * commandScripts), hashed. A config line that stays the same while a file it runs is rewritten is
 * still a changed hook (script-aware trust, SPEC 6.1.2).
 *
 * Relative paths resolve in `runDir`, where the hooks actually run (the payload's cwd; the project
 * dir when the engine loads). A relative path always names a file the repository placed there, so
 * it is tracked wherever it lands. Absolute paths are tracked inside `projectDir` only; elsewhere
 * (on PATH, in the home) they are the user's own files.
 */
export async function projectScriptHashes(commands: readonly string[], runDir: string, projectDir: string = runDir): Promise<ScriptHashes> {
  const hashes: ScriptHashes = {};
  const gitRoot = findGitRoot(runDir);
  for (const command of commands) {
    const { scripts, dirs } = commandScripts(command, gitRoot, (rel) => searchedScript(rel, runDir));
    for (const dir of dirs) {
      const path = `${resolve(runDir, dir)}${sep}`;
      if (!(path in hashes) && isTracked(dir, path, projectDir)) hashes[path] = (await isDirectory(path)) ? DIRECTORY : null;
    }
    for (const script of scripts) {
      // Found by the upward search: what the shell runs, wherever it is (see upwardSearches).
      const paths =
        script.searched === undefined ? [resolve(runDir, script.path)] : upwardSearches(script.searched, runDir).map((s) => s.found);
      for (const path of paths) {
        if (!(path in hashes) && (script.searched !== undefined || isTracked(script.path, path, projectDir)))
          hashes[path] = await hashFile(path);
      }
    }
  }
  return hashes;
}

/**
 * Every path whose change can change what these commands run: the files projectScriptHashes
 * hashes, and for an upward search the places nearer the run dir where the script is not (yet):
 * one appearing there is what the shell runs next (a watching engine decides trust again).
 */
export async function projectScriptWatchPaths(commands: readonly string[], runDir: string, projectDir: string = runDir): Promise<string[]> {
  const paths = new Set(Object.keys(await projectScriptHashes(commands, runDir, projectDir)));
  for (const command of commands) {
    for (const script of commandScripts(command, null, (rel) => rel).scripts) {
      if (script.searched === undefined) continue;
      for (const search of upwardSearches(script.searched, runDir)) for (const path of search.tried) paths.add(path);
    }
  }
  return [...paths];
}

/** The shell's `[ -f path ]`: a regular file, symlinks followed; a path that can not be stat'ed is not. */
function isFile(path: string): boolean {
  return statsAt(path)?.isFile() === true;
}

/**
 * The upward search for `rel` as the shell runs it from `runDir` (SPEC 6.1.2: hookctl mirrors the
 * shell, so it walks to the top as the loop does, not only up to the project). `$PWD` is the run dir
 * as spelled when the hook's environment says so, else the physical path: both walks are followed,
 * so a script either would run is tracked. Where none holds `rel`, the script is the missing
 * `runDir/rel` (its absence is recorded, so it appearing is a change).
 */
function upwardSearches(rel: string, runDir: string): { found: string; tried: string[] }[] {
  const spelled = resolve(runDir);
  const starts = [spelled];
  try {
    const physical = realpathSync(spelled);
    if (physical !== spelled) starts.push(physical);
  } catch {
    // A run dir that does not exist: the hook does not start there at all.
  }
  return starts.map((start) => {
    const { found, tried } = findUpward(rel, start, isFile);
    const missing = `${start === sep ? '' : start}/${rel}`;
    return found === null ? { found: missing, tried: tried.filter((path) => path !== missing) } : { found, tried };
  });
}

/** Where the upward search for `rel` finds the script, from the run dir as spelled (what reviews show). */
function searchedScript(rel: string, runDir: string): string {
  return upwardSearches(rel, runDir)[0]!.found;
}

/** Scripts and coverage of one command, as a reviewer should read them (paths from the run dir). */
export interface ScriptCoverage {
  /** The files whose edits revoke trust, relative to `runDir` where inside it. */
  tracked: string[];
  /** Why what the command runs can not be fully known ("scripts not tracked"), else null. */
  untracked: string | null;
}

export function scriptCoverage(command: string, runDir: string, projectDir: string = runDir): ScriptCoverage {
  const { scripts, untracked } = commandScripts(command, findGitRoot(runDir), (rel) => searchedScript(rel, runDir));
  const tracked = scripts
    .map((script) => ({ script, path: resolve(runDir, script.path) }))
    .filter(({ script, path }) => script.searched !== undefined || isTracked(script.path, path, projectDir))
    .map(({ path }) => displayPath(path, runDir));
  return { tracked: [...new Set(tracked)], untracked };
}

/**
 * Why a hook whose definition is trusted may not run as trusted: the first file it runs now whose
 * content differs from what was trusted (`script changed`), or that nobody reviewed at all
 * (`script not reviewed`: trusted with the hook running elsewhere, or added to the command's reach
 * since); null when every file matches. Files recorded at trust that this run does not reach
 * (another run dir's) are not its business.
 */
export function scriptChange(trusted: ScriptHashes, current: ScriptHashes, projectDir: string): string | null {
  for (const [path, hash] of Object.entries(current)) {
    const shown = displayPath(path.endsWith(sep) ? path.slice(0, -1) : path, projectDir);
    if (!(path in trusted)) return `script not reviewed: ${shown}`;
    if (trusted[path] !== hash) return `script changed: ${shown}`;
  }
  return null;
}

/** Scripts recorded at an earlier trust of the same definition stay recorded: other run dirs reach them. */
export function mergeScriptHashes(earlier: ScriptHashes | undefined, now: ScriptHashes): ScriptHashes {
  return { ...(earlier ?? {}), ...now };
}

function isTracked(written: string, path: string, projectDir: string): boolean {
  return !isAbsolute(written) || isInside(projectDir, path);
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

async function hashFile(path: string): Promise<string | null> {
  const hashed = await hashRegularFile(path, SIZE_CAPS.script);
  if (hashed.ok) return hashed.sha256;
  if (hashed.missing) return null;
  // A regular file hookctl may not read (mode 000, over the cap) can still be edited: its size and
  // modification time stand in for its content, so an edit still revokes trust.
  const stats = statOrNull(path);
  const stamp = stats?.isFile() ? `; size ${stats.size}, modified ${stats.mtime.toISOString()}` : '';
  return `unreadable: ${hashed.reason}${stamp}`;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
