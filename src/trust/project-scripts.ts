import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { scriptPathOf } from '../config/command-script.js';
import { displayPath } from '../util/display-path.js';
import { sha256 } from './hash.js';

/** Absolute script path → content hash, or null when the file did not exist. */
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
  try {
    return sha256(await readFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  }
}
