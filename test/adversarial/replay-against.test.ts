import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CLAUDE_SESSIONS, placeSession } from '../replay/helpers.js';
import { eventually, startCli } from './helpers.js';
import { CRASH } from './kit.js';

/**
 * Issue 38.4: `replay --against <ref>` must build the old tree without running any program the
 * repository's own `.git/config` names. A checkout (`git worktree add`) runs smudge filters (picked by
 * a committed `.gitattributes`), `core.fsmonitor`, hooks; the old tree is instead written by hookctl
 * from git's object database, and a committed symlink that leaves the tree is not created.
 */
const SETTINGS = {
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }] }] },
};
const guard = (pattern: string) => `#!/bin/sh\nif grep -q -e '${pattern}'; then echo "no ${pattern}" >&2; exit 2; fi\n`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' });
}

/** A program that leaves a witness file when anything runs it, and otherwise passes its input through. */
function witnessProgram(sandbox: TempProject, name: string): { path: string; ran: () => boolean } {
  const witness = join(sandbox.root, 'witness', `${name}-ran`);
  const path = sandbox.write(`programs/${name}`, `#!/bin/sh\ntouch '${witness}'\ncat\n`, { executable: true });
  mkdirSync(join(sandbox.root, 'witness'), { recursive: true });
  return { path, ran: () => existsSync(witness) };
}

/** A repository whose guard changes between HEAD and the working tree, as in test/replay/against.test.ts. */
function repository(): TempProject {
  const sandbox = makeTempProject();
  rmSync(join(sandbox.project, '.git'), { recursive: true });
  git(sandbox.project, 'init', '-q');
  sandbox.write('project/.claude/settings.json', JSON.stringify(SETTINGS, null, 2));
  sandbox.write('project/.claude/hooks/guard.sh', guard('/definitely'), { executable: true });
  sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  return sandbox;
}

function flags(sandbox: TempProject): string[] {
  return ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.json')];
}

// Each case runs the real bin (and real hooks and git) several times: seconds each on a loaded machine.
describe('replay --against runs nothing the repository configures (issue 38.4)', { timeout: 120_000 }, () => {
  it('a smudge filter picked by a committed .gitattributes, core.fsmonitor and git hooks never run; the replay still works', async () => {
    const sandbox = repository();
    const smudge = witnessProgram(sandbox, 'smudge');
    const clean = witnessProgram(sandbox, 'clean');
    const fsmonitor = witnessProgram(sandbox, 'fsmonitor');
    const hook = witnessProgram(sandbox, 'post-checkout');
    sandbox.write('project/.gitattributes', '* filter=evil\n');
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'guard missing dirs');
    // Configured after the commit (the attacker ships .git/config with the repository).
    git(sandbox.project, 'config', 'filter.evil.smudge', smudge.path);
    git(sandbox.project, 'config', 'filter.evil.clean', clean.path);
    git(sandbox.project, 'config', 'filter.evil.required', 'true');
    git(sandbox.project, 'config', 'core.fsmonitor', fsmonitor.path);
    git(sandbox.project, 'config', 'core.hooksPath', join(sandbox.root, 'programs-hooks'));
    sandbox.write('programs-hooks/post-checkout', `#!/bin/sh\n'${hook.path}' </dev/null\n`, { executable: true });
    sandbox.write('project/.claude/hooks/guard.sh', guard('git status'), { executable: true });
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.main, sessions, sandbox.project);
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    // A temp dir of its own: the old tree is written there and must be gone afterwards.
    const temp = join(sandbox.root, 'tmp');
    mkdirSync(temp);
    const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'HEAD'], { env: { TMPDIR: temp } });
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.code, result.stderr).toBe(0);
    expect({ smudge: smudge.ran(), clean: clean.ran(), fsmonitor: fsmonitor.ran(), hook: hook.ran() }).toEqual({
      smudge: false,
      clean: false,
      fsmonitor: false,
      hook: false,
    });
    // The old tree is the commit's content, byte for byte: its guard blocks what it blocked then.
    expect(result.stdout).toContain('this change newly blocks 1 call, unblocks 1 (2 verdicts changed of 7 events in 2 sessions)');
    expect(readdirSync(temp)).toEqual([]);
    expect(git(sandbox.project, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  });

  it('a committed symlink that leaves the tree is not created in the old tree; the warning names it', async () => {
    const sandbox = repository();
    const outside = witnessProgram(sandbox, 'outside-script');
    rmSync(join(sandbox.project, '.claude/hooks/guard.sh'));
    symlinkSync(outside.path, join(sandbox.project, '.claude/hooks/guard.sh'));
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'guard elsewhere');
    rmSync(join(sandbox.project, '.claude/hooks/guard.sh'));
    sandbox.write('project/.claude/hooks/guard.sh', guard('git status'), { executable: true });
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'HEAD', '--dangerously-bypass-hook-trust']);
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.code, result.stderr).toBe(0);
    expect(outside.ran()).toBe(false);
    expect(result.stderr).toContain(
      `hookctl: warning: --against HEAD: .claude/hooks/guard.sh is a symbolic link to ${outside.path}, ` +
        'outside the tree; not created in the old tree\n',
    );
  });

  it('a symlink that climbs out through another link is refused too; links that stay inside are kept', async () => {
    const sandbox = repository();
    const outside = witnessProgram(sandbox, 'outside-script');
    // sub/up -> .. stays inside, but sub/m -> up/../../…/<the script> climbs to / through it, wherever the tree is.
    mkdirSync(join(sandbox.project, 'sub'));
    symlinkSync('..', join(sandbox.project, 'sub/up'));
    const climb = `up/${'../'.repeat(40)}${outside.path.slice(1)}`;
    symlinkSync(climb, join(sandbox.project, 'sub/m'));
    rmSync(join(sandbox.project, '.claude/hooks/guard.sh'));
    symlinkSync('../../sub/m', join(sandbox.project, '.claude/hooks/guard.sh'));
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'guard through links');
    rmSync(join(sandbox.project, '.claude/hooks/guard.sh'));
    sandbox.write('project/.claude/hooks/guard.sh', guard('git status'), { executable: true });
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'HEAD', '--dangerously-bypass-hook-trust']);
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.code, result.stderr).toBe(0);
    expect(outside.ran()).toBe(false);
    expect(result.stderr).toContain(`sub/m is a symbolic link to ${climb}, outside the tree`);
    expect(result.stderr).not.toContain('sub/up is a symbolic link');
    expect(result.stderr).not.toContain('.claude/hooks/guard.sh is a symbolic link');
  });

  it('a crafted tree with a `..` or `.git` entry is a one-line error, and nothing is written outside the temp tree', async () => {
    const sandbox = repository();
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'guard');
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: sandbox.project, input: 'planted\n' }).toString().trim();
    const inner = execFileSync('git', ['mktree'], { cwd: sandbox.project, input: `100644 blob ${blob}\tplanted\n` })
      .toString()
      .trim();
    const temp = join(sandbox.root, 'tmp');
    mkdirSync(temp);
    for (const name of ['..', '.git', '.GIT']) {
      // git mktree takes any name; git itself would refuse to check such a tree out.
      const top = execFileSync('git', ['mktree'], { cwd: sandbox.project, input: `040000 tree ${inner}\t${name}\n` })
        .toString()
        .trim();
      const commit = git(sandbox.project, 'commit-tree', top, '-m', 'crafted').trim();
      const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', commit], { env: { TMPDIR: temp } });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toBe(`hookctl: --against ${commit}: the tree holds a path git would not check out: "${name}/planted"\n`);
      expect(readdirSync(temp)).toEqual([]);
      expect(existsSync(join(sandbox.root, 'planted'))).toBe(false);
    }
  });

  it("a partial clone's missing object is an error, never a lazy fetch through a transport the repository names", async () => {
    const sandbox = repository();
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'guard');
    const witness = join(sandbox.root, 'fetch-ran');
    // A promisor remote whose "transport" is a shell command (ext::), allowed by the repository's own config.
    git(sandbox.project, 'config', 'core.repositoryformatversion', '1');
    git(sandbox.project, 'config', 'extensions.partialClone', 'origin');
    git(sandbox.project, 'config', 'remote.origin.promisor', 'true');
    git(sandbox.project, 'config', 'remote.origin.url', `ext::sh -c touch% ${witness}`);
    git(sandbox.project, 'config', 'protocol.ext.allow', 'always');
    const missing = '1'.repeat(40);
    const top = execFileSync('git', ['mktree', '--missing'], { cwd: sandbox.project, input: `100644 blob ${missing}\tguard.sh\n` })
      .toString()
      .trim();
    const commit = git(sandbox.project, 'commit-tree', top, '-m', 'promised').trim();
    // The attack works on a plain cat-file: git fetches the promised object by running the "transport".
    execFileSync('git', ['cat-file', '--batch'], { cwd: sandbox.project, input: `${missing}\n`, stdio: ['pipe', 'ignore', 'ignore'] });
    expect(existsSync(witness)).toBe(true);
    rmSync(witness);
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', commit]);
    expect(existsSync(witness)).toBe(false);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toBe(
      `hookctl: --against ${commit}: the tree of ${commit.slice(0, 12)} cannot be written: guard.sh: its object is missing\n`,
    );
  });

  it('Ctrl-C while the old tree is being written removes it and exits 130', async () => {
    const sandbox = repository();
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'guard');
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sandbox.project);
    // 40,000 files (one blob) in one commit: writing them takes a while, long enough to interrupt.
    const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: sandbox.project, input: 'x\n' }).toString().trim();
    const listing = Array.from({ length: 40_000 }, (_, index) => `100644 blob ${blob}\tf${index}\n`).join('');
    const top = execFileSync('git', ['mktree'], { cwd: sandbox.project, input: listing }).toString().trim();
    const commit = git(sandbox.project, 'commit-tree', top, '-m', 'many files').trim();
    const temp = join(sandbox.root, 'tmp');
    mkdirSync(temp);
    const cli = startCli(['replay', ...flags(sandbox), sessions, '--against', commit], { env: { TMPDIR: temp } });
    const written = () => {
      const base = readdirSync(temp)[0];
      return base === undefined ? 0 : (readdirSync(join(temp, base, 'tree'), { withFileTypes: false }) as string[]).length;
    };
    await eventually(
      () => {
        try {
          return written();
        } catch {
          return 0;
        }
      },
      (count) => count > 0,
      20_000,
    );
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    expect(readdirSync(temp)).toEqual([]);
    expect(cli.stderr()).not.toMatch(CRASH);
  });

  it('claude: a recorded cwd outside the project runs neither turn there', async () => {
    const sandbox = repository();
    sandbox.write(
      'project/.claude/settings.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'touch "$PWD/hook-ran"' }] }] } }),
    );
    git(sandbox.project, 'add', '-A');
    git(sandbox.project, 'commit', '-q', '-m', 'witness');
    const victim = join(sandbox.root, 'victim');
    mkdirSync(victim);
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, victim);
    const result = await runCli(['replay', ...flags(sandbox), sessions, '--against', 'HEAD']);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(victim, 'hook-ran'))).toBe(false);
    expect(existsSync(join(sandbox.project, 'hook-ran'))).toBe(true);
    expect(result.stderr).toContain(`recorded cwd ${victim} is outside the project`);
  });
});
