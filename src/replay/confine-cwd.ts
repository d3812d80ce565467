import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ReplayedEvent } from './replay.js';

/**
 * Where a recorded `cwd` lies relative to the project, as hooks would see it: the path relative to
 * the project's real directory, or null when it is outside. Symlinks are followed as far as the
 * path exists, so `project/link-to-home/x` is outside even when `x` does not exist yet (a hook
 * could create it); `..` is resolved after the links, as the kernel does.
 */
export function insideProject(projectDir: string, cwd: string): string | null {
  const root = realExisting(resolve(projectDir));
  const rel = relative(root, realExisting(resolve(projectDir, cwd)));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? rel : null;
}

/** `path` with its longest existing prefix replaced by that prefix's real path. */
function realExisting(path: string): string {
  const rest: string[] = [];
  for (let current = path; ; current = dirname(current)) {
    try {
      return join(realpathSync(current), ...rest.reverse());
    } catch {
      if (dirname(current) === current) return path;
      rest.push(basename(current));
    }
  }
}

/**
 * Replay runs the project's hooks in each record's `cwd`, and a record is untrusted input (SPEC 6.1.5):
 * a session file whose records name `/home/me` or `/etc` would make the project's own hooks
 * (`touch "$PWD/x"`) act there. `hookctl test` refuses such a case; replay keeps the event (its verdict
 * is what the user asked for) but runs it in the project directory instead, and says so once per file.
 * Returns the event to dispatch.
 */
export function cwdConfiner(
  projectDir: string,
  onOutside: (file: string, recordedCwd: string) => void,
): (replayed: ReplayedEvent) => ReplayedEvent {
  const warned = new Set<string>();
  return (replayed) => {
    const cwd = replayed.recorded.payload.cwd;
    if (typeof cwd !== 'string' || cwd === '' || insideProject(projectDir, cwd) !== null) return replayed;
    if (!warned.has(replayed.file)) {
      warned.add(replayed.file);
      onOutside(replayed.file, cwd);
    }
    const payload = { ...replayed.recorded.payload, cwd: resolve(projectDir) };
    return { ...replayed, recorded: { ...replayed.recorded, payload } };
  };
}
