import { statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { commandScripts } from '../config/command-script.js';
import { findGitRoot } from '../config/find-project-root.js';
import { displayPath } from '../util/display-path.js';
import { hashRegularFile, SIZE_CAPS } from '../util/regular-file.js';

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
    const { scripts, dirs } = commandScripts(command, gitRoot);
    for (const dir of dirs) {
      const path = `${resolve(runDir, dir)}${sep}`;
      if (!(path in hashes) && isTracked(dir, path, projectDir)) hashes[path] = (await isDirectory(path)) ? DIRECTORY : null;
    }
    for (const script of scripts) {
      const path = resolve(runDir, script.path);
      if (!(path in hashes) && isTracked(script.path, path, projectDir)) hashes[path] = await hashFile(path);
    }
  }
  return hashes;
}

/** Scripts and coverage of one command, as a reviewer should read them (paths from the run dir). */
export interface ScriptCoverage {
  /** The files whose edits revoke trust, relative to `runDir` where inside it. */
  tracked: string[];
  /** Why what the command runs can not be fully known ("scripts not tracked"), else null. */
  untracked: string | null;
}

export function scriptCoverage(command: string, runDir: string, projectDir: string = runDir): ScriptCoverage {
  const { scripts, untracked } = commandScripts(command, findGitRoot(runDir));
  const tracked = scripts
    .map((script) => ({ script, path: resolve(runDir, script.path) }))
    .filter(({ script, path }) => isTracked(script.path, path, projectDir))
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
