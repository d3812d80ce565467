import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CLAUDE_SESSIONS, placeSession } from './helpers.js';

const SETTINGS = {
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }] }] },
};
const guard = (pattern: string) => `#!/bin/sh\nif grep -q -e '${pattern}'; then echo "no ${pattern}" >&2; exit 2; fi\n`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' });
}

/** A real repository: the guard script at HEAD blocks `ls /definitely…`; the working tree's blocks `git status` instead. */
function repository(): TempProject {
  const sandbox = makeTempProject();
  rmSync(join(sandbox.project, '.git'), { recursive: true });
  git(sandbox.project, 'init', '-q');
  sandbox.write('project/.claude/settings.json', JSON.stringify(SETTINGS, null, 2));
  sandbox.write('project/.claude/hooks/guard.sh', guard('/definitely'), { executable: true });
  git(sandbox.project, 'add', '-A');
  git(sandbox.project, 'commit', '-q', '-m', 'guard missing dirs');
  sandbox.write('project/.claude/hooks/guard.sh', guard('git status'), { executable: true });
  sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  return sandbox;
}

function flags(sandbox: TempProject): string[] {
  return ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.json')];
}

function tempTrees(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('hookctl-replay-'));
}

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('hookctl replay --against <git-ref>', { timeout: 120_000 }, () => {
  it('replays with the hooks (and their scripts) at the ref and in the working tree, and shows only the changed verdicts', async () => {
    const sandbox = repository();
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.main, sessions, sandbox.project);
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    const statusBefore = git(sandbox.project, 'status', '--porcelain');
    const treesBefore = tempTrees();
    const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'HEAD']);
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.split('\n').filter((line) => /^(deny|none|allow|ask|failed)/.test(line));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^deny→none\s+PreToolUse\s+Bash\s+ls \/definitely\/not\/here\s+no \/definitely/);
    expect(rows[1]).toMatch(/^none→deny\s+PreToolUse\s+Bash\s+git status\s+no git status/);
    expect(result.stdout).toContain('this change newly blocks 1 call, unblocks 1 (2 verdicts changed of 7 events in 2 sessions)');
    // The user's checkout is as it was, and the temporary worktree is gone, registration included.
    expect(git(sandbox.project, 'status', '--porcelain')).toBe(statusBefore);
    expect(readFileSync(join(sandbox.project, '.claude/hooks/guard.sh'), 'utf8')).toBe(guard('git status'));
    expect(git(sandbox.project, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(tempTrees()).toEqual(treesBefore);
  });

  it('--json lists each change with both verdicts and the totals', async () => {
    const sandbox = repository();
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'HEAD', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ against: 'HEAD', sessions: 1, events: 2, summary: { newlyBlocked: 1, unblocked: 0, changed: 1 } });
    expect(report.changes).toEqual([
      expect.objectContaining({
        event: 'PreToolUse',
        tool: 'Bash',
        input: { command: 'git status', description: 'status' },
        before: { decision: 'none', reason: null },
        after: { decision: 'deny', reason: 'no git status' },
      }),
    ]);
  });

  it('an unknown ref, a ref that looks like an option, and a project outside git are one-line errors', async () => {
    const sandbox = repository();
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    const unknown = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'no-such-branch']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`hookctl: --against no-such-branch: no such commit in ${sandbox.project}\n`);
    const option = await runCli(['replay', ...flags(sandbox), sessions, '--against=--output=/tmp/x']);
    expect(option.code).toBe(2);
    expect(option.stderr).toBe('hookctl: --against "--output=/tmp/x": not a git ref\n');
    rmSync(join(sandbox.project, '.git'), { recursive: true });
    const outside = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'HEAD'], {
      env: { GIT_CEILING_DIRECTORIES: sandbox.root },
    });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toBe(`hookctl: --against needs a git repository; ${sandbox.project} is not in one\n`);
  });

  it("codex: per-hook trust is recorded per file path, so the old tree's hooks are said not to run until bypassed", async () => {
    const sandbox = makeTempProject();
    rmSync(join(sandbox.project, '.git'), { recursive: true });
    git(sandbox.project, 'init', '-q');
    const hooks = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] } };
    sandbox.write('project/.codex/hooks.json', JSON.stringify(hooks));
    sandbox.write('project/guard.sh', guard('/definitely'), { executable: true });
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'guard');
    sandbox.write('project/guard.sh', guard('git status'), { executable: true });
    sandbox.write('home/.codex/config.toml', `[projects."${sandbox.project}"]\ntrust_level = "trusted"\n`);
    const codexFlags = [
      '--dialect',
      'codex',
      '--cwd',
      sandbox.project,
      '--home',
      sandbox.home,
      '--managed',
      join(sandbox.root, 'none.toml'),
    ];
    const trusted = await runCli(['trust', ...codexFlags, '--all', '--yes'], { env: { CODEX_HOME: undefined } });
    expect(trusted.code, trusted.stderr).toBe(0);
    const sessions = join(sandbox.root, 'sessions');
    placeSession('codex', 'rollout-2026-12-02T00-53-12-01a2343d-c129-76a2-9418-1882d81d2129.jsonl', sessions, sandbox.project);
    const args = ['replay', ...codexFlags, sessions, '--against', 'HEAD', '--json'];
    const held = await runCli(args, { env: { CODEX_HOME: undefined } });
    expect(held.code, held.stderr).toBe(0);
    expect(held.stderr).toContain('1 hook at HEAD will not run: trust is recorded per file path');
    const bypassed = await runCli([...args, '--dangerously-bypass-hook-trust'], { env: { CODEX_HOME: undefined } });
    expect(JSON.parse(bypassed.stdout).changes).toEqual([
      expect.objectContaining({ input: { command: 'ls /definitely/not/here' }, before: { decision: 'deny', reason: 'no /definitely' } }),
    ]);
  });
});
