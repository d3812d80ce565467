import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { UsageError } from '../errors.js';

/** The project as it was at a git ref, checked out apart from the user's checkout. */
export interface OldTree {
  /** The commit the ref named. */
  commit: string;
  /** The project directory inside the temporary worktree (the same place relative to the repository root). */
  projectDir: string;
  /** Removes the worktree and its registration; safe to call twice. */
  remove(): Promise<void>;
}

/**
 * Checks out `ref` into a new temporary `git worktree` (detached), so the user's working tree,
 * index and HEAD are never touched; only git's own bookkeeping under `.git/worktrees/` changes, and
 * `remove` takes that back. A ref starting with `-` is refused (it would be read as an option).
 */
export async function checkoutOldTree(projectDir: string, ref: string): Promise<OldTree> {
  if (ref.startsWith('-') || ref.trim() === '') throw new UsageError(`--against ${JSON.stringify(ref)}: not a git ref`);
  const top = await git(projectDir, ['rev-parse', '--show-toplevel']).catch(() => {
    throw new UsageError(`--against needs a git repository; ${projectDir} is not in one`);
  });
  const root = top.trim();
  const commit = (
    await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => {
      throw new UsageError(`--against ${ref}: no such commit in ${root}`);
    })
  ).trim();
  const base = await mkdtemp(join(tmpdir(), 'hookctl-replay-'));
  const tree = join(base, 'tree');
  let removed = false;
  // A second Ctrl-C exits at once, past any finally: the exit hook still takes the tree and its registration away.
  const onExit = () => {
    if (removed) return;
    rmSync(base, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore', timeout: 5000 });
  };
  process.once('exit', onExit);
  const remove = async () => {
    if (removed) return;
    removed = true;
    process.removeListener('exit', onExit);
    await git(root, ['worktree', 'remove', '--force', tree]).catch(() => undefined);
    await rm(base, { recursive: true, force: true });
    await git(root, ['worktree', 'prune']).catch(() => undefined);
  };
  try {
    await git(root, ['worktree', 'add', '--detach', '--quiet', tree, commit]);
  } catch (error) {
    await remove();
    throw new UsageError(`--against ${ref}: git worktree add failed: ${(error as Error).message}`);
  }
  // A linked worktree's `.git` is a file naming the main checkout, and an agent may read the project's hooks
  // from there instead (codex does, in linked worktrees): the old tree would replay today's hooks. An empty
  // `.git` directory in its place makes the old tree a project root of its own, as the checkout was at that
  // commit; `remove` then deletes the directory and `git worktree prune` drops the registration.
  rmSync(join(tree, '.git'), { force: true });
  mkdirSync(join(tree, '.git'));
  const inside = relative(await realpath(root), await realpath(projectDir));
  return { commit, projectDir: join(tree, inside), remove };
}

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // No pager, no prompts, no hooks of the repository's own config: this is bookkeeping only.
    const child = spawn('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', (error) => reject(error));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(err.trim().split('\n')[0] || `git exit ${code}`))));
  });
}
