import { lstat, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigWriteError } from '../errors.js';
import { readRegularFile, SIZE_CAPS } from '../util/regular-file.js';
import { AtomicChange, describeWriteFailure } from '../util/safe-write.js';
import { acquireLock } from './locked-json-file.js';

/**
 * Read-modify-write of a text file the user owns (codex `config.toml`), under the same lock
 * protocol as the trust stores. `change` gets the current text (null when the file does not exist)
 * and returns the new text, or null to leave the file alone. The new text replaces the file
 * atomically (a temp file renamed over it) with the file's own permissions; a symlink is refused
 * rather than followed or replaced, so a link into another file is never rewritten.
 */
export async function updateTextFile(path: string, change: (text: string | null) => string | null): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const release = await acquireLock(`${path}.lock`);
  try {
    const existing = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw new ConfigWriteError(path, error.message);
    });
    if (existing?.isSymbolicLink()) throw new ConfigWriteError(path, 'it is a symbolic link, and hookctl does not write through links');
    if (existing !== null && !existing.isFile()) throw new ConfigWriteError(path, 'it is not a regular file');
    const text = existing === null ? null : await readText(path);
    const next = change(text);
    if (next === null || next === text) return;
    await writeAtomically(path, next, existing === null ? 0o600 : existing.mode & 0o7777);
  } finally {
    await release();
  }
}

async function readText(path: string): Promise<string> {
  const read = await readRegularFile(path, SIZE_CAPS.configTrusted);
  if (!read.ok) throw new ConfigWriteError(path, read.reason);
  return read.bytes.toString('utf8');
}

async function writeAtomically(path: string, text: string, mode: number): Promise<void> {
  // The file's own directory is the root: only the file itself must not be a link (the user's
  // Codex home may well be one, kept in a dotfiles repository).
  const change = new AtomicChange(dirname(path));
  try {
    change.stage(path, text, mode);
    change.commit();
  } catch (error) {
    change.rollback();
    throw new ConfigWriteError(path, describeWriteFailure(error));
  }
}
