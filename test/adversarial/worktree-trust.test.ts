import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexSandbox, preToolUse } from '../conformance/codex/sandbox.js';
import { command, group, hooks, makeClaudeSandbox } from '../dialects/claude/sandbox.js';

/**
 * Workspace trust through a forged `.git` file (issue 22, hole 4). A downloaded tarball's `.git`
 * says it is a linked worktree of a repository the user trusts; only a worktree git itself accepts
 * (its gitdir under `<main>/.git/worktrees/`, the back-link naming this `.git` file) shares that
 * trust. Real git makes the genuine worktree, so the positive case is git's own layout.
 */

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' });

/** A real repository `repo/` with one commit and a genuine linked worktree `genuine/`. */
function repository(root: string): { repo: string; genuine: string } {
  const repo = join(root, 'repo');
  mkdirSync(repo, { recursive: true });
  git(repo, 'init', '-q');
  writeFileSync(join(repo, 'README'), 'x\n');
  git(repo, 'add', 'README');
  git(repo, 'commit', '-qm', 'init');
  const genuine = join(root, 'genuine');
  git(repo, 'worktree', 'add', '-q', genuine);
  return { repo, genuine };
}

/** The ways a tarball can claim to be a worktree of `repo`. */
function forgeries(repo: string): [string, (dir: string) => void][] {
  return [
    ['a gitdir that does not exist', (dir) => writeFileSync(join(dir, '.git'), `gitdir: ${join(repo, '.git', 'worktrees', 'x')}\n`)],
    [
      "the genuine worktree's gitdir (its back-link names another .git file)",
      (dir) => writeFileSync(join(dir, '.git'), `gitdir: ${join(repo, '.git', 'worktrees', 'genuine')}\n`),
    ],
    ['a relative gitdir into the trusted repository', (dir) => writeFileSync(join(dir, '.git'), 'gitdir: ../repo/.git/worktrees/x\n')],
    [
      'a gitdir of its own whose path merely contains .git/worktrees',
      (dir) => {
        mkdirSync(join(dir, 'fake', '.git', 'worktrees', 'w'), { recursive: true });
        writeFileSync(join(dir, 'fake', '.git', 'worktrees', 'w', 'gitdir'), `${join(dir, '.git')}\n`);
        writeFileSync(join(dir, '.git'), `gitdir: ${join(dir, 'fake', '.git', 'worktrees', 'w')}\n`);
      },
    ],
  ];
}

describe('claude workspace trust from a forged .git file (issue 22, hole 4)', () => {
  it('the genuine worktree (made by git) shares the main checkout’s trust; every forgery is its own, untrusted root', async () => {
    const box = makeClaudeSandbox();
    const { repo, genuine } = repository(box.root);
    box.trustWorkspace(repo);
    const stop = hooks({ Stop: [group([command('echo project hook')])] });
    const statusIn = async (dir: string) => {
      box.settings(`${dir.slice(box.root.length + 1)}/.claude/settings.json`, stop);
      const engine = await box.engine({ cwd: dir, workspaceTrust: 'check' });
      try {
        const outcome = await engine.dispatch('Stop', { ...(await box.payload('Stop')), cwd: dir } as never);
        return outcome.runs.map((run) => run.skipReason);
      } finally {
        await engine.close();
      }
    };
    expect(await statusIn(genuine)).toEqual([null]);
    for (const [name, plant] of forgeries(repo)) {
      const tarball = join(box.root, `tarball-${name.length}`);
      mkdirSync(tarball, { recursive: true });
      plant(tarball);
      expect(await statusIn(tarball), name).toEqual(['workspace-untrusted']);
    }
  });
});

describe('codex project trust from a forged .git file (issue 22, hole 4)', () => {
  it('the genuine worktree is keyed by its main checkout; a forgery borrows no trust', async () => {
    const box = codexSandbox();
    const { repo, genuine } = repository(box.root);
    box.put('home/.codex/config.toml', box.trustLine(repo));
    box.put('repo/.codex/hooks.json', preToolUse('echo root checkout'));
    const project = async (dir: string) => {
      box.put(`${dir.slice(box.root.length + 1)}/.codex/hooks.json`, preToolUse('echo this directory'));
      const engine = await box.engine({ cwd: dir, bypassTrust: true });
      const outcome = await box.dispatch(engine, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }, dir);
      return outcome.runs.map((run) => [run.command, run.skipReason ?? null]);
    };
    // A genuine worktree runs the root checkout's hooks, under the root checkout's trust.
    expect(await project(genuine)).toEqual([['echo root checkout', null]]);
    // A forgery that points into the trusted repository gets neither its hooks nor its trust.
    for (const [name, plant] of forgeries(repo).slice(0, 3)) {
      const tarball = join(box.root, `tarball-${name.length}`);
      mkdirSync(tarball, { recursive: true });
      plant(tarball);
      expect(await project(tarball), name).toEqual([['echo this directory', 'workspace-untrusted']]);
    }
  });
});
