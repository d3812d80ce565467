import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { directoryAt, readRegularFileSync, SIZE_CAPS } from './regular-file.js';

/**
 * The main checkout of the linked worktree whose `.git` file is `gitFile`, checked the way git
 * checks it (issue 22, hole 4), or null when it is not a genuine linked worktree. A `.git` file is
 * repository content: a tarball can say `gitdir: <trusted-repo>/.git/worktrees/x` to borrow that
 * repository's workspace trust. It counts only when
 * - its `gitdir:` names a directory that exists, directly under `<main>/.git/worktrees/`, and
 * - that directory's back-link (its `gitdir` file, which `git worktree add` writes) names this
 *   very `.git` file.
 * Anything else — a missing, unreadable, oversized or device file, a gitdir elsewhere, a back-link
 * to another worktree — is null, and the caller treats the directory as its own (untrusted) root.
 * Every read is of a regular file under SIZE_CAPS.gitFile, never a FIFO or device.
 */
export function linkedWorktreeMain(gitFile: string): string | null {
  const gitdir = pointer(gitFile, /^gitdir:[ \t]*(.+?)[ \t]*$/m);
  if (gitdir === null || !directoryAt(gitdir)) return null;
  const realGitdir = real(gitdir);
  if (realGitdir === null) return null;
  const worktrees = dirname(realGitdir);
  const common = dirname(worktrees);
  if (basename(worktrees) !== 'worktrees' || basename(common) !== '.git' || !directoryAt(common)) return null;
  const backLink = pointer(resolve(realGitdir, 'gitdir'), /^(.+?)[ \t]*$/m);
  if (backLink === null) return null;
  const self = real(gitFile);
  const named = real(backLink);
  return self !== null && self === named ? dirname(common) : null;
}

/** The path a small pointer file names (relative paths from the file's directory), or null. */
function pointer(file: string, line: RegExp): string | null {
  const read = readRegularFileSync(file, SIZE_CAPS.gitFile);
  if (!read.ok) return null;
  const match = line.exec(read.bytes.toString('utf8'));
  if (!match || match[1]!.includes('\0')) return null;
  return isAbsolute(match[1]!) ? match[1]! : resolve(dirname(file), match[1]!);
}

function real(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}
