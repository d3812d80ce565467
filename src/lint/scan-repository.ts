import { spawn } from 'node:child_process';
import { type Dirent, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { findGitRoot } from '../config/find-project-root.js';
import { displayPath } from '../util/display-path.js';
import {
  inLoadOrder,
  MAX_WALK_DEPTH,
  MAX_WALK_ENTRIES,
  SKIPPED_DIRECTORY,
  type FilePlace,
  type NearMiss,
  type RepositoryPatterns,
} from './repository-patterns.js';

export interface ScannedFile {
  /** Absolute path. */
  path: string;
  place: FilePlace;
}

export interface RepositoryScan {
  /** The repository root (the nearest directory with `.git`), else the directory searched. */
  root: string;
  /** `git`: listed by git, ignore rules applied; `walk`: found by walking the directory tree. */
  via: 'git' | 'walk';
  /** In load order (`inLoadOrder`). */
  files: ScannedFile[];
  /** One-line remarks for the person running lint (a fallback taken, a search cut short). */
  notes: string[];
  /**
   * Hook files no agent reads, found by their names (issue 39): another agent's file name in an
   * agent's config directory, and a plugin's hooks file with no manifest beside it. Lint reports them.
   */
  unread: UnreadCandidate[];
}

export type UnreadCandidate = { path: string; miss: NearMiss } | { path: string; unmet: { owner: string; markers: readonly string[] }[] };

/**
 * Every hook config file in the repository that holds `cwd` (the nearest directory with `.git`):
 * git lists them, tracked or untracked but not ignored (`.gitignore`, `.git/info/exclude`, the
 * global excludes file), never inside `node_modules` or a submodule. Where git cannot list them
 * (not installed, or refusing the directory), and outside a repository (from `cwd`), the directory
 * tree is walked instead: without ignore rules, skipping `node_modules` and hidden directories
 * other than the patterns' own, up to MAX_WALK_ENTRIES entries and MAX_WALK_DEPTH levels.
 */
export async function scanRepository(cwd: string, patterns: RepositoryPatterns): Promise<RepositoryScan> {
  const gitRoot = findGitRoot(cwd);
  const notes: string[] = [];
  if (gitRoot !== null) {
    const listed = await gitListing(gitRoot, [...patterns.pathspecs(), ...patterns.nearMissPathspecs()]);
    if (listed.ok) {
      const paths = listed.paths.map((path) => join(gitRoot, path));
      const files = placed(gitRoot, paths, patterns, notes);
      return { root: gitRoot, via: 'git', files, notes, unread: unreadCandidates(paths, patterns) };
    }
    // A `.git` that git does not take for a repository (an empty directory) has no ignore rules.
    if (!listed.notRepository)
      notes.push(
        `hookctl: git could not list the files of ${gitRoot} (${listed.reason}); searched the directory tree without .gitignore instead`,
      );
  }
  const root = gitRoot ?? cwd;
  const walked = walkTree(root, patterns);
  if (walked.truncated) {
    notes.push(
      `hookctl: stopped looking for hook config files after ${MAX_WALK_ENTRIES} entries or ${MAX_WALK_DEPTH} levels under ${root}; ` +
        'name the files to lint, or run in a git repository',
    );
  }
  const files = placed(root, walked.paths, patterns, notes);
  return { root, via: 'walk', files, notes, unread: unreadCandidates(walked.paths, patterns) };
}

/**
 * Issue 39: a hook file the agent never reads passed silently — `.claude/hooks.json`,
 * `.codex/settings.json`, `.gemini/hooks.json`, a `hooks/hooks.json` with no plugin manifest beside
 * it. Each regular file of such a name is a candidate; lint reads it and reports the ones holding hooks.
 */
function unreadCandidates(paths: readonly string[], patterns: RepositoryPatterns): UnreadCandidate[] {
  return [...new Set(paths)].flatMap((path): UnreadCandidate[] => {
    if (lstatSync(path, { throwIfNoEntry: false })?.isFile() !== true) return [];
    const miss = patterns.nearMiss(path);
    if (miss !== null) return [{ path, miss }];
    const unmet = patterns.place(path) === null ? patterns.unmetMarkers(path) : [];
    return unmet.length > 0 ? [{ path, unmet }] : [];
  });
}

/**
 * The files that exist (git's index can name a deleted one) and that a pattern places, in load
 * order. A symbolic link whose target lies outside the repository is not read: the repository is
 * untrusted (SPEC 6.1), and a link to `~/.ssh/id_rsa` or `/proc/self/environ` would put pieces of
 * that file into parse-error messages, CI annotations and an uploaded SARIF log. A note says so.
 * A dangling link, a directory, a FIFO or a device at a config file's path is kept: reading it
 * fails without blocking (the regular-file reader), and that is a finding worth having — skipping
 * it would be a silent skip (SPEC 6.2).
 */
function placed(root: string, paths: readonly string[], patterns: RepositoryPatterns, notes: string[]): ScannedFile[] {
  const realRoot = realPath(root) ?? root;
  const files = [...new Set(paths)]
    .filter((path) => {
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (stat === undefined) return false; // listed by git's index, deleted since
      const target = stat.isSymbolicLink() ? realPath(path) : null;
      if (target !== null && !isInside(realRoot, target)) {
        notes.push(`hookctl: not reading ${displayPath(path, root)}: it is a symbolic link to ${target}, outside ${root}`);
        return false;
      }
      return true;
    })
    .flatMap((path) => {
      const place = patterns.place(path);
      return place === null ? [] : [{ path, place }];
    });
  return inLoadOrder(files);
}

function realPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

type GitListing = { ok: true; paths: string[] } | { ok: false; reason: string; notRepository: boolean };

/**
 * `git ls-files` of the pathspecs, from the repository root, NUL-separated (any byte may be in a
 * name). Git does the matching and the ignore rules and skips ignored directories without entering
 * them. The fsmonitor hook is switched off: listing files must start no program but git.
 */
function gitListing(root: string, pathspecs: readonly string[]): Promise<GitListing> {
  const args = ['-c', 'core.fsmonitor=false', 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...pathspecs];
  // Git must not look above the root for a repository, nor localise the message we read.
  const env = { ...process.env, LC_ALL: 'C', LANGUAGE: 'C', GIT_OPTIONAL_LOCKS: '0', GIT_CEILING_DIRECTORIES: dirname(root) };
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ ok: false, reason: error.code === 'ENOENT' ? 'git is not installed' : error.message, notRepository: false });
    });
    child.on('close', (code) => {
      if (code === 0) {
        resolve({
          ok: true,
          paths: Buffer.concat(stdout)
            .toString('utf8')
            .split('\0')
            .filter((path) => path !== ''),
        });
        return;
      }
      const reason =
        stderr
          .trim()
          .split('\n')[0]
          ?.replace(/^fatal: /, '') || `git exited with ${code}`;
      resolve({ ok: false, reason, notRepository: /not a git repository/i.test(stderr) });
    });
  });
}

/** Breadth first, so the shallow configs are found before the bound is reached. */
function walkTree(root: string, patterns: RepositoryPatterns): { paths: string[]; truncated: boolean } {
  const hidden = patterns.hiddenDirectories();
  const paths: string[] = [];
  const queue: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  let entries = 0;
  let truncated = false;
  for (let index = 0; index < queue.length; index++) {
    const next = queue[index]!;
    let dirents: Dirent[];
    try {
      dirents = readdirSync(next.dir, { withFileTypes: true });
    } catch {
      continue; // unreadable: nothing in it can be linted, and the walk is best effort
    }
    entries += dirents.length;
    if (entries > MAX_WALK_ENTRIES) {
      truncated = true;
      break;
    }
    for (const dirent of dirents) {
      const path = join(next.dir, dirent.name);
      // Symbolic links to directories are not followed (no loops, nothing outside the tree).
      if (dirent.isDirectory()) {
        if (dirent.name === SKIPPED_DIRECTORY || dirent.name === '.git' || (dirent.name.startsWith('.') && !hidden.has(dirent.name)))
          continue;
        if (next.depth + 1 > MAX_WALK_DEPTH) truncated = true;
        else queue.push({ dir: path, depth: next.depth + 1 });
      } else if (patterns.endsAnyPattern(dirent.name) || patterns.mayBeNearMiss(dirent.name)) {
        paths.push(path);
      }
    }
  }
  return { paths, truncated };
}
