import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The compiled-config cache gets one entry per project, dialect and set of load settings, so
 * without pruning it would grow with every project a user ever ran hooks in. After each write,
 * entries are pruned:
 *
 * - one not used for `MAX_AGE_MS` is removed (a hit refreshes its mtime at most once a day, so
 *   mtime is its last use to within a day);
 * - then, newest first, entries past `MAX_ENTRIES` or past `MAX_TOTAL_BYTES` in all are removed;
 * - a temporary a writer left behind (it died between create and rename) is removed after an hour.
 *
 * Only our own files are touched: names of the cache's own forms, regular files (never a symlink,
 * whose target is never looked at either), owned by this user. Everything else in the directory is
 * left alone and not counted. Removing an entry another run is reading costs that run nothing (its
 * descriptor stays valid), and the next run of that project one load.
 */
export const PRUNING = {
  maxEntries: 100,
  maxTotalBytes: 256 * 1024 * 1024,
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
  temporaryAgeMs: 60 * 60 * 1000,
  /** A hit rewrites an entry's mtime when it is older than this. */
  touchAfterMs: 24 * 60 * 60 * 1000,
} as const;

/** `<dialect>-<16 hex digits>.json`: the entry names `loadConfigCached` makes. */
const ENTRY = /^[A-Za-z0-9][\w.-]*-[0-9a-f]{16}\.json$/;
/** `<entry>.<pid>.<random>.tmp`: a write under way, or left by a writer that died. */
const TEMPORARY = /^[A-Za-z0-9][\w.-]*-[0-9a-f]{16}\.json\.\d+\.[0-9a-z]+\.tmp$/;

interface Entry {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Prunes `dir` (a private directory checked by the caller) around `kept`, the entry just written. */
export function pruneConfigCache(dir: string, kept: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const entries: Entry[] = [];
  for (const name of names) {
    const entry = ownFile(dir, name);
    if (entry === null) continue;
    if (TEMPORARY.test(name)) {
      if (now - entry.mtimeMs > PRUNING.temporaryAgeMs) remove(entry.path);
    } else if (entry.path !== kept) entries.push(entry);
  }
  const newestFirst = entries.sort((a, b) => b.mtimeMs - a.mtimeMs);
  let count = 1;
  let bytes = ownFile(dir, kept.slice(dir.length + 1))?.size ?? 0;
  for (const entry of newestFirst) {
    count++;
    bytes += entry.size;
    const stale = now - entry.mtimeMs > PRUNING.maxAgeMs;
    if (stale || count > PRUNING.maxEntries || bytes > PRUNING.maxTotalBytes) {
      remove(entry.path);
      count--;
      bytes -= entry.size;
    }
  }
}

/** The entry or temporary `name` when it is a regular file of this user (not followed if a link); else null. */
function ownFile(dir: string, name: string): Entry | null {
  if (!ENTRY.test(name) && !TEMPORARY.test(name)) return null;
  const path = join(dir, name);
  try {
    const info = lstatSync(path, { throwIfNoEntry: false });
    const uid = typeof process.getuid === 'function' ? process.getuid() : info?.uid;
    if (info === undefined || !info.isFile() || info.uid !== uid) return null;
    return { path, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return null;
  }
}

/** unlink never follows a symlink; a file already gone (another run pruned it) is fine. */
function remove(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already, or not removable: either way it is not ours to fight over.
  }
}
