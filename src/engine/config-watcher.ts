import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

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
 * `-` absent, `d` a directory (only its existence matters: a memory dir or a `.git` that appears),
 * else inode, size, mtime and ctime of the file (a rename, a rewrite, a chmod). A path that cannot
 * be examined is recorded with its error code, so that it becoming readable is a change too.
 */
function signatureOf(path: string): string {
  try {
    const info = statSync(path, { throwIfNoEntry: false });
    if (info === undefined) return '-';
    if (info.isDirectory()) return 'd';
    return `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  } catch (error) {
    return `!${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/**
 * Watches the directories of a set of paths and calls `onChange` (debounced: an editor's save is
 * several events) with `named` true when an event named one of the watched entries, false when
 * only something else in a watched directory changed (the caller then compares signatures).
 */
export class ConfigWatcher {
  /** Directory → its watcher and the entry names that matter in it. */
  private readonly watched = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  private timer: NodeJS.Timeout | undefined;
  private named = false;
  private closed = false;

  constructor(
    private readonly onChange: (named: boolean) => void,
    private readonly debounceMs = 25,
  ) {}

  /** Watches exactly the directories these paths need, closing watches no longer needed. */
  watch(paths: Iterable<string>): void {
    if (this.closed) return;
    const wanted = new Map<string, Set<string>>();
    for (const path of paths) {
      const { dir, name } = nearestExistingParent(resolve(path));
      if (dir === null) continue;
      wanted.set(dir, (wanted.get(dir) ?? new Set()).add(name));
    }
    for (const [dir, entry] of this.watched) {
      if (!wanted.has(dir)) {
        entry.watcher.close();
        this.watched.delete(dir);
      }
    }
    for (const [dir, names] of wanted) {
      const existing = this.watched.get(dir);
      if (existing) existing.names = names;
      else this.open(dir, names);
    }
  }

  /** How many directories are watched now (diagnostics and tests). */
  get size(): number {
    return this.watched.size;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const { watcher } of this.watched.values()) watcher.close();
    this.watched.clear();
  }

  private open(dir: string, names: Set<string>): void {
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
    const entry = { watcher, names };
    watcher.on('change', (_event, filename) => {
      const name = typeof filename === 'string' ? filename : filename?.toString();
      this.schedule(name === undefined || entry.names.has(name));
    });
    watcher.on('error', () => {
      // The directory went away (or the watch broke): drop it; the check reloads and re-arms.
      watcher.close();
      if (this.watched.get(dir) === entry) this.watched.delete(dir);
      this.schedule(true);
    });
    this.watched.set(dir, entry);
  }

  /**
   * One call `debounceMs` after the first of a burst of events, never postponed by later ones: a
   * directory with constant churn (a build writing beside the config) still gets its check.
   */
  private schedule(named: boolean): void {
    if (this.closed) return;
    this.named ||= named;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      const wasNamed = this.named;
      this.named = false;
      this.timer = undefined;
      this.onChange(wasNamed);
    }, this.debounceMs);
    this.timer.unref();
  }
}

/**
 * The directory to watch for `path`: its parent when that exists, else the nearest existing
 * ancestor, with the name of the entry below it that leads towards `path`.
 */
function nearestExistingParent(path: string): { dir: string | null; name: string } {
  let name = basename(path);
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    let isDir = false;
    try {
      isDir = statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;
    } catch {
      isDir = false;
    }
    if (isDir) return { dir, name };
    if (dir === dirname(dir)) return { dir: null, name };
    name = basename(dir);
  }
}
