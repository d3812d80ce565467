import { statSync, type Stats } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { scriptPathOf } from '../config/command-script.js';
import { displayPath } from '../util/display-path.js';
import { hashRegularFile, SIZE_CAPS } from '../util/regular-file.js';

/**
 * Absolute script path → content hash, null when the file did not exist, or `unreadable: <reason>`
 * when it is not a regular file hookctl can read (a symlink to a device, a FIFO, a loop, a file
 * over the cap…). The reason is recorded like a hash, so a script that becomes readable (or
 * changes kind) later is a change that revokes trust.
 */
export type ScriptHashes = Record<string, string | null>;

/**
 * The scripts inside the project that these commands run, hashed. A config line that stays the
 * same while the script it runs is rewritten is still a changed hook (script-aware trust).
 * Scripts outside the project (on PATH, in the home) are the user's own and not tracked.
 */
export async function projectScriptHashes(commands: readonly string[], projectDir: string): Promise<ScriptHashes> {
  const hashes: ScriptHashes = {};
  for (const command of commands) {
    const script = scriptPathOf(command);
    if (script === null) continue;
    const path = resolve(projectDir, script);
    if (!isInside(projectDir, path) || path in hashes) continue;
    hashes[path] = await hashFile(path);
  }
  return hashes;
}

/**
 * `script changed: <path relative to the project>` for the first script whose content differs
 * from what was trusted (or appeared or vanished), else null.
 */
export function scriptChange(trusted: ScriptHashes, current: ScriptHashes, projectDir: string): string | null {
  for (const path of new Set([...Object.keys(trusted), ...Object.keys(current)])) {
    if (trusted[path] !== current[path]) return `script changed: ${displayPath(path, projectDir)}`;
  }
  return null;
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
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
