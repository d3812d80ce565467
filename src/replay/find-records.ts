import { opendir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** Directory entries read per search before the rest is ignored with a warning (a crafted tree cannot exhaust memory). */
export const MAX_RECORD_FILES = 1_000_000;

/**
 * The session files under the given paths, in a stable order: a file is taken as given, a directory
 * is searched recursively for names the reader claims. Symbolic links met inside a directory are not
 * followed (no loops, no escaping the tree); named paths may be links. A missing path is a usage
 * error; so is a path that is neither a file nor a directory (a FIFO would block the read forever).
 */
export async function findRecordFiles(
  paths: readonly string[],
  isRecordFile: (name: string) => boolean,
  options: { missingOk?: boolean; onWarning?: (message: string) => void } = {},
): Promise<string[]> {
  const files: string[] = [];
  for (const given of paths) {
    const path = resolve(given);
    const stats = await stat(path).catch(() => null);
    if (stats === null) {
      if (options.missingOk) continue;
      throw new UsageError(`${given}: no such file or directory`);
    }
    if (stats.isFile()) files.push(path);
    else if (stats.isDirectory()) await walk(path, isRecordFile, files, options.onWarning);
    else throw new UsageError(`${given}: not a regular file or directory`);
  }
  return [...new Set(files)];
}

async function walk(root: string, isRecordFile: (name: string) => boolean, files: string[], onWarning?: (message: string) => void) {
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    const names: { name: string; kind: 'file' | 'dir' }[] = [];
    try {
      for await (const entry of await opendir(dir)) {
        if (entry.isDirectory()) names.push({ name: entry.name, kind: 'dir' });
        else if (entry.isFile() && isRecordFile(entry.name)) names.push({ name: entry.name, kind: 'file' });
      }
    } catch (error) {
      onWarning?.(`${dir}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); skipped`);
      continue;
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { name, kind } of names) {
      if (kind === 'file') {
        if (files.length >= MAX_RECORD_FILES) {
          onWarning?.(`more than ${MAX_RECORD_FILES} session files; the rest are not replayed`);
          return;
        }
        files.push(join(dir, name));
      }
    }
    // Depth first, in name order: push subdirectories reversed so the first is searched first.
    for (const { name } of names.filter((entry) => entry.kind === 'dir').reverse()) pending.push(join(dir, name));
  }
}
