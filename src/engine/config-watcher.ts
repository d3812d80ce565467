import { statSync, watch, type FSWatcher } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

/**
 * What a long-lived engine knows about the files its configuration came from, and how it learns
 * that one changed. Two mechanisms, neither of which costs anything while nothing happens:
 *
 * - file watching (inotify, FSEvents, …) on the *directories* that hold the watched paths, so a
 *   file replaced by rename (editors, `hookctl trust`'s atomic writes) or created where none was
 *   is seen too; a path whose directory does not exist yet is watched from its nearest existing
 *   ancestor, so `mkdir .openinterpreter` is seen and the watch moves down after the reload;
 * - a stat signature (inode, size, mtime, ctime) of every watched path, compared before each
 *   dispatch: the fallback where watching is unavailable or unreliable (network file systems,
 *   exhausted inotify watches, an event lost between a reload and re-arming). A few stat calls,
 *   only when a dispatch starts; there is no polling loop.
 */

/** Path → its stat signature (see `signatureOf`). */
export type StatSignatures = ReadonlyMap<string, string>;

/** Stat signatures of these paths now. */
export function statSignatures(paths: Iterable<string>): Map<string, string> {
  const signatures = new Map<string, string>();
  for (const path of paths) if (!signatures.has(path)) signatures.set(path, signatureOf(path));
  return signatures;
}

/** True when any path's signature differs from the one recorded. */
export function signaturesChanged(recorded: StatSignatures): boolean {
  for (const [path, signature] of recorded) if (signatureOf(path) !== signature) return true;
  return false;
}

/**
 * File timestamps come from a coarse clock (one kernel tick, up to 10 ms): a second same-size
 * write within the tick of the first leaves every stat field as it was. A file changed this
 * recently when its signature is taken is marked unsettled, which no later signature equals, so
 * the next check reads it once more, by which time a write can no longer hide.
 */
const UNSETTLED_MS = 20;

/**
 * A watch path ending in `/` names a directory whose entries matter (claude's
 * `managed-settings.d/`, a plugin's cache of versions): a file added, removed or renamed there is a
 * change, seen through the directory's own mtime and watched in the directory itself.
 */
function isListing(path: string): boolean {
  return path.endsWith('/') || path.endsWith(sep);
}

/**
 * `-` absent, `d` a directory (only its existence matters: a memory dir or a `.git` that appears;
 * for a listing path, its inode and mtime too), else inode, size, mtime and ctime of the file (a
 * rename, a rewrite, a chmod). A path that cannot be examined is recorded with its error code, so
 * that it becoming readable is a change too.
 */
function signatureOf(path: string): string {
  try {
    const info = statSync(path, { throwIfNoEntry: false });
    if (info === undefined) return '-';
    if (info.isDirectory() && !isListing(path)) return 'd';
    if (info.isDirectory()) return settled(`d:${info.ino}:${info.mtimeMs}`, info.mtimeMs);
    return settled(`${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`, info.ctimeMs);
  } catch (error) {
    return `!${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/** The signature, marked unsettled when the path changed within the clock's resolution (UNSETTLED_MS). */
function settled(signature: string, changedMs: number): string {
  return Date.now() - changedMs < UNSETTLED_MS ? `${signature}:unsettled` : signature;
}

/**
 * Watches the directories of a set of paths and calls `onChange` (debounced: an editor's save is
 * several events) when anything in one of them changed; the caller compares signatures to see
 * whether a watched path was among the changes.
 */
export class ConfigWatcher {
  private readonly watched = new Map<string, FSWatcher>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly onChange: () => void,
    private readonly debounceMs = 25,
  ) {}

  /** Watches exactly the directories these paths need, closing watches no longer needed. */
  watch(paths: Iterable<string>): void {
    if (this.closed) return;
    const wanted = new Set<string>();
    for (const path of paths) {
      const dir = nearestExistingParent(resolve(path));
      if (dir !== null) wanted.add(dir);
      // A listing is watched in itself too: entries created there are events of that directory only.
      if (isListing(path) && isDirectory(resolve(path))) wanted.add(resolve(path));
    }
    for (const [dir, watcher] of this.watched) {
      if (!wanted.has(dir)) {
        watcher.close();
        this.watched.delete(dir);
      }
    }
    for (const dir of wanted) if (!this.watched.has(dir)) this.open(dir);
  }

  /** How many directories are watched now (diagnostics and tests). */
  get size(): number {
    return this.watched.size;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const watcher of this.watched.values()) watcher.close();
    this.watched.clear();
  }

  private open(dir: string): void {
    let watcher: FSWatcher;
    try {
      // persistent: false — a library user's process may exit without close(); the server keeps
      // its own event loop alive through standard input.
      watcher = watch(dir, { persistent: false });
    } catch {
      // Unwatchable (gone meanwhile, no permission, out of inotify watches): the stat check before
      // each dispatch still sees every change there.
      return;
    }
    watcher.on('change', () => this.schedule());
    watcher.on('error', () => {
      // The directory went away (or the watch broke): drop it; the check reloads and re-arms.
      watcher.close();
      if (this.watched.get(dir) === watcher) this.watched.delete(dir);
      this.schedule();
    });
    this.watched.set(dir, watcher);
  }

  /**
   * One call `debounceMs` after the first of a burst of events, never postponed by later ones: a
   * directory with constant churn (a build writing beside the config) still gets its check.
   */
  private schedule(): void {
    if (this.closed || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onChange();
    }, this.debounceMs);
    this.timer.unref();
  }
}

/**
 * The directory to watch for `path`: its parent when that exists, else the nearest existing
 * ancestor (whose change — the missing directory being created — leads towards `path`).
 */
function nearestExistingParent(path: string): string | null {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (isDirectory(dir)) return dir;
    if (dir === dirname(dir)) return null;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
