import { spawn } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, rmSync, symlinkSync, writeSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { UsageError } from '../errors.js';

/** The project as it was at a git ref, written apart from the user's checkout. */
export interface OldTree {
  /** The commit the ref named. */
  commit: string;
  /** The project directory inside the temporary tree (the same place relative to the repository root). */
  projectDir: string;
  /** Removes the tree; safe to call twice. */
  remove(): Promise<void>;
  /**
   * Hands signals over: until called, SIGINT, SIGTERM and SIGHUP exit hookctl at once (128 + the
   * signal) and the tree is removed on the way out. Call it once the caller handles them itself.
   */
  releaseSignals(): void;
}

/**
 * Git is run so that nothing the repository's own config names can start (its `.git/config` is
 * repository input, issue 38.4): no hooks, no fsmonitor, no pager, no transport (a partial clone's
 * lazy fetch would run `core.sshCommand` or a remote helper), no replace objects. Only plumbing is
 * used (rev-parse, ls-tree, cat-file without --filters), which applies no attributes: no smudge or
 * clean filter, no textconv, no export-subst. (`git archive` is no way out: checked on git 2.39.5, it
 * runs the smudge filter a committed `.gitattributes` names, as a checkout does.)
 */
const SAFE_CONFIG = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'core.pager=cat', '-c', 'protocol.allow=never'];
const SAFE_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_PAGER: 'cat',
  // Only the named (nonexistent) protocol is allowed, over any config: `-c protocol.allow=never` alone is
  // not enough, as the repository's own `protocol.<name>.allow=always` wins over it.
  GIT_ALLOW_PROTOCOL: 'none',
  GIT_NO_REPLACE_OBJECTS: '1',
  // Honoured by git 2.45.1+ and the 2.39.4+ security backports: a missing object is not fetched at all.
  GIT_NO_LAZY_FETCH: '1',
};

/** A symlink's target is a path: anything longer than PATH_MAX is not one a checkout could create either. */
const MAX_LINK_TARGET = 4096;

/**
 * Writes the tree of `ref` into a new temporary directory with `git ls-tree` and `git cat-file
 * --batch`, file by file, so that the user's working tree, index, HEAD and worktree list are never
 * touched and no program the repository configures runs (a checkout would run smudge filters chosen by
 * a committed `.gitattributes`, core.fsmonitor, hooks). Files are created exclusively and without
 * following links; a path git itself would refuse (`..`, `.git`) fails the export; a committed
 * symlink whose target leaves the tree is not created, and `onWarning` names it. A ref starting with
 * `-` is refused (it would be read as an option).
 */
export async function exportOldTree(projectDir: string, ref: string, onWarning: (message: string) => void): Promise<OldTree> {
  if (ref.startsWith('-') || ref.trim() === '') throw new UsageError(`--against ${JSON.stringify(ref)}: not a git ref`);
  const top = await git(projectDir, ['rev-parse', '--show-toplevel']).catch(() => {
    throw new UsageError(`--against needs a git repository; ${projectDir} is not in one`);
  });
  const root = top.toString('utf8').trim();
  const commit = (
    await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => {
      throw new UsageError(`--against ${ref}: no such commit in ${root}`);
    })
  )
    .toString('utf8')
    .trim();
  const inside = relative(await realpath(root), await realpath(projectDir));
  const base = await mkdtemp(join(tmpdir(), 'hookctl-replay-'));
  const tree = join(base, 'tree');
  let removed = false;
  // Until the replay's own guard takes over signals, a Ctrl-C would end hookctl past every finally: exit
  // as the guard does (128 + the signal), and the exit hook takes the (half-written) tree away.
  const stopHandlers = exitOnSignals();
  // A second Ctrl-C exits at once, past any finally: the exit hook still takes the tree away.
  const onExit = () => {
    if (!removed) rmSync(base, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const remove = async () => {
    if (removed) return;
    removed = true;
    stopHandlers();
    process.removeListener('exit', onExit);
    await rm(base, { recursive: true, force: true });
  };
  try {
    mkdirSync(tree);
    const entries = parseLsTree(await git(root, ['ls-tree', '-r', '-z', '--full-tree', commit]));
    await writeEntries(root, tree, entries, (message) => onWarning(`--against ${ref}: ${message}`));
  } catch (error) {
    await remove();
    if (error instanceof UsageError) throw new UsageError(`--against ${ref}: ${error.message}`);
    throw new UsageError(`--against ${ref}: the tree of ${commit.slice(0, 12)} cannot be written: ${(error as Error).message}`);
  }
  // Without a `.git` of its own the old tree would be part of whatever repository holds the temp dir
  // (none, usually); an empty one makes it a project root, as the checkout was at that commit. A hook
  // that runs `git` there finds no repository.
  mkdirSync(join(tree, '.git'));
  return { commit, projectDir: join(tree, inside), remove, releaseSignals: stopHandlers };
}

const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** Makes SIGINT, SIGTERM and SIGHUP exit with 128 + the signal (running 'exit' listeners); returns the undo. */
function exitOnSignals(): () => void {
  const handlers = (Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[]).map((signal) => {
    const handler = () => process.exit(SIGNAL_EXIT_CODES[signal]);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers.splice(0)) process.off(signal, handler);
  };
}

interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  path: string;
}

/** `<mode> SP <type> SP <object> TAB <path> NUL`, as `git ls-tree -z` writes it. */
function parseLsTree(output: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of output.toString('utf8').split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode, type, object] = record.slice(0, tab).split(' ');
    if (tab < 0 || mode === undefined || type === undefined || object === undefined || !/^[0-9a-f]{40,64}$/.test(object))
      throw new UsageError(`git ls-tree wrote an entry hookctl does not understand: ${JSON.stringify(record.slice(0, 200))}`);
    entries.push({ mode, type, object, path: record.slice(tab + 1) });
  }
  return entries;
}

/**
 * A tree path git would check out: no empty, `.` or `..` component (which would leave the tree) and
 * no `.git` (which would plant a repository); verify_path refuses the same. Throws on any other.
 */
function checkPath(path: string): void {
  for (const part of path.split('/'))
    if (part === '' || part === '.' || part === '..' || part.toLowerCase() === '.git')
      throw new UsageError(`the tree holds a path git would not check out: ${JSON.stringify(path)}`);
}

/**
 * Whether a symlink at `linkPath` (relative to the tree root) pointing at `target` resolves inside
 * the tree whatever the other links are: relative, its `..` components only at the start (then they
 * climb real directories, since a link's parent is a directory this export created) and no more of
 * them than the link is deep. A later component that is itself a link is held to the same rule, so
 * a chain stays inside; a `..` after a link (`up/..`) would climb from wherever that link points.
 */
function linkStaysInside(linkPath: string, target: string): boolean {
  if (target === '' || target.startsWith('/') || target.includes('\0')) return false;
  const depth = linkPath.split('/').length - 1;
  let climbs = 0;
  let descended = false;
  for (const part of target.split('/')) {
    if (part === '..') {
      if (descended) return false;
      climbs++;
    } else if (part !== '' && part !== '.') descended = true;
  }
  return climbs <= depth;
}

/**
 * Streams each blob out of one `git cat-file --batch` into its file. Directories and files first,
 * links last: when a file is written no link exists in the tree, so no write can be redirected;
 * every file is opened O_EXCL|O_NOFOLLOW, so a path listed twice fails instead of overwriting.
 */
async function writeEntries(root: string, tree: string, entries: TreeEntry[], onWarning: (message: string) => void): Promise<void> {
  const blobs: TreeEntry[] = [];
  for (const entry of entries) {
    checkPath(entry.path);
    const path = join(tree, entry.path);
    if (entry.type === 'commit') {
      // A submodule: git leaves an empty directory until it is initialised; so does this.
      mkdirSync(path, { recursive: true });
      continue;
    }
    if (entry.type !== 'blob') throw new UsageError(`${entry.path}: a ${entry.type} in the tree, which git does not check out`);
    mkdirSync(dirname(path), { recursive: true });
    blobs.push(entry);
  }
  const links: { entry: TreeEntry; target: string }[] = [];
  await catBlobs(root, blobs, (entry) => {
    if (entry.mode === '120000') {
      const parts: Buffer[] = [];
      let size = 0;
      return {
        write(chunk) {
          size += chunk.length;
          if (size <= MAX_LINK_TARGET) parts.push(chunk);
        },
        end() {
          links.push({ entry, target: size <= MAX_LINK_TARGET ? Buffer.concat(parts).toString('utf8') : '' });
        },
      };
    }
    const fd = openSync(
      join(tree, entry.path),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      entry.mode === '100755' ? 0o755 : 0o644,
    );
    return {
      write(chunk) {
        for (let done = 0; done < chunk.length; ) done += writeSync(fd, chunk, done);
      },
      end() {
        closeSync(fd);
      },
    };
  });
  for (const { entry, target } of links) {
    if (!linkStaysInside(entry.path, target)) {
      const shown = target === '' ? 'an empty or over-long target' : target;
      onWarning(`${entry.path} is a symbolic link to ${shown}, outside the tree; not created in the old tree`);
      continue;
    }
    symlinkSync(target, join(tree, entry.path));
  }
}

interface Sink {
  write(chunk: Buffer): void;
  end(): void;
}

/**
 * Asks one `git cat-file --batch` for every blob, in order, and hands each one's bytes to the sink
 * `open` makes for it, as they arrive (memory stays one pipe buffer whatever the blobs' sizes).
 * Output per object: `<oid> <type> <size>\n<bytes>\n`, or `<oid> missing\n`.
 */
function catBlobs(root: string, blobs: readonly TreeEntry[], open: (entry: TreeEntry) => Sink): Promise<void> {
  if (blobs.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...SAFE_CONFIG, 'cat-file', '--batch'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...SAFE_ENV },
    });
    let index = 0;
    let header = Buffer.alloc(0);
    let remaining = -1; // bytes of the current blob still to come; -1 while reading a header
    let trailer = false; // the newline after a blob
    let sink: Sink | null = null;
    let failed: Error | null = null;
    let err = '';
    const fail = (error: Error) => {
      if (failed !== null) return;
      failed = error;
      sink?.end();
      child.kill('SIGKILL');
    };
    child.stderr.on('data', (chunk) => (err = `${err}${chunk}`.slice(0, 4000)));
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        let at = 0;
        while (at < chunk.length && failed === null) {
          if (trailer) {
            trailer = false;
            at++;
          } else if (remaining < 0) {
            const newline = chunk.indexOf(10, at);
            header = Buffer.concat([header, chunk.subarray(at, newline < 0 ? chunk.length : newline)]);
            if (header.length > 200) throw new Error('git cat-file wrote an over-long header');
            if (newline < 0) break;
            at = newline + 1;
            const entry = blobs[index];
            const [object, type, size] = header.toString('utf8').split(' ');
            header = Buffer.alloc(0);
            if (entry === undefined || object !== entry.object || type !== 'blob' || !/^\d+$/.test(size ?? ''))
              throw new Error(
                `${entry?.path ?? 'an object'}: ${type === 'missing' ? 'its object is missing' : 'unexpected git cat-file output'}`,
              );
            remaining = Number(size);
            sink = open(entry);
          } else {
            const piece = chunk.subarray(at, at + remaining);
            sink!.write(piece);
            remaining -= piece.length;
            at += piece.length;
          }
          if (remaining === 0) {
            sink!.end();
            sink = null;
            remaining = -1;
            trailer = true;
            index++;
          }
        }
      } catch (error) {
        fail(error as Error);
      }
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => fail(error));
    child.on('close', (code) => {
      if (failed !== null) reject(failed);
      else if (index < blobs.length) reject(new Error(err.trim().split('\n')[0] || `git cat-file exit ${code}`));
      else resolve();
    });
    child.stdin.end(blobs.map((blob) => `${blob.object}\n`).join(''));
  });
}

function git(cwd: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...SAFE_CONFIG, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...SAFE_ENV } });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk) => (err = `${err}${chunk}`.slice(0, 4000)));
    child.on('error', (error) => reject(error));
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(err.trim().split('\n')[0] || `git exit ${code}`)),
    );
  });
}
