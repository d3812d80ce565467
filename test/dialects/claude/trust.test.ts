import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { sandboxFlags } from '../../helpers/temp-project.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, type ClaudeSandbox } from './sandbox.js';

const stop = hooks({ Stop: [group([command('echo ran')])] });

/** Managed and project Stop hooks; returns the runs' [source, status, skipReason] under workspace trust `check`. */
async function statuses(box: ClaudeSandbox, options: Record<string, unknown> = {}) {
  const outcome = await dispatchOnce(box, 'Stop', {}, { workspaceTrust: 'check', ...options });
  return outcome.runs.map((run) => [run.source, run.status, run.skipReason]);
}

function setup() {
  const box = makeClaudeSandbox();
  box.settings('etc/claude-code/managed-settings.json', hooks({ Stop: [group([command('echo policy')])] }));
  box.settings('project/.claude/settings.json', stop);
  box.settings('home/.claude/settings.json', hooks({ Stop: [group([command('echo user')])] }));
  return box;
}

describe('claude workspace trust (SPEC-dialects 8.8)', () => {
  it('holds back every settings file’s hooks, the user’s included, until the folder is trusted; managed hooks always run', async () => {
    const box = setup();
    expect(await statuses(box)).toEqual([
      ['managed', 'completed', null],
      ['user', 'skipped', 'workspace-untrusted'],
      ['project', 'skipped', 'workspace-untrusted'],
    ]);
    box.trustWorkspace();
    expect(await statuses(box)).toEqual([
      ['managed', 'completed', null],
      ['user', 'completed', null],
      ['project', 'completed', null],
    ]);
  });

  it('reads the trust of the git repository root from a subdirectory', async () => {
    const box = setup();
    box.trustWorkspace(box.project);
    mkdirSync(join(box.project, 'pkg', '.claude'), { recursive: true });
    writeFileSync(join(box.project, 'pkg', '.claude', 'settings.json'), JSON.stringify(stop));
    expect(await statuses(box, { cwd: join(box.project, 'pkg') })).toEqual([
      ['managed', 'completed', null],
      ['user', 'completed', null],
      ['project', 'completed', null],
    ]);
  });

  it('a trusted parent covers a folder outside git, but not a git repository nested inside it', async () => {
    const box = setup();
    box.trustWorkspace(box.root);
    box.settings('plain/.claude/settings.json', stop);
    expect((await statuses(box, { cwd: join(box.root, 'plain') })).map(([, status]) => status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect((await statuses(box)).map(([, , reason]) => reason)).toEqual([null, 'workspace-untrusted', 'workspace-untrusted']);
  });

  it('a linked worktree takes the trust of its main checkout', async () => {
    const box = setup();
    box.trustWorkspace(box.project);
    mkdirSync(join(box.project, '.git', 'worktrees', 'feature'), { recursive: true });
    box.write('feature/.git', `gitdir: ${join(box.project, '.git', 'worktrees', 'feature')}\n`);
    // The back-link `git worktree add` writes; without it the worktree is not one git accepts (issue 22).
    box.write('project/.git/worktrees/feature/gitdir', `${join(box.root, 'feature', '.git')}\n`);
    box.settings('feature/.claude/settings.json', stop);
    expect((await statuses(box, { cwd: join(box.root, 'feature') })).map(([, status]) => status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('started in the home directory, trust is never stored: hooks are held back', async () => {
    const box = setup();
    box.trustWorkspace(box.home);
    box.settings('home/.claude/settings.json', stop);
    expect((await statuses(box, { cwd: box.home })).map(([, , reason]) => reason)).toEqual([null, 'workspace-untrusted']);
  });

  it('reads $CLAUDE_CONFIG_DIR/.claude.json when it exists', async () => {
    const box = setup();
    box.write('alt/.claude.json', JSON.stringify({ projects: { [box.project]: { hasTrustDialogAccepted: true } } }));
    const env = { PATH: process.env.PATH, CLAUDE_CONFIG_DIR: join(box.root, 'alt') };
    expect((await statuses(box, { env })).map(([, status]) => status)).toEqual(['completed', 'completed']);
  });

  it('hasTrustDialogAccepted false, a malformed file or a directory in its place trusts nothing', async () => {
    for (const content of [JSON.stringify({ projects: { PLACEHOLDER: { hasTrustDialogAccepted: false } } }), '{ not json', null]) {
      const box = setup();
      if (content === null) mkdirSync(join(box.home, '.claude.json'));
      else box.write('home/.claude.json', content.replace('PLACEHOLDER', box.project));
      expect((await statuses(box)).map(([, , reason]) => reason)).toEqual([null, 'workspace-untrusted', 'workspace-untrusted']);
    }
  });

  it('workspaceTrust "assume" (headless sessions) and the trust bypass both lift the gate', async () => {
    const box = setup();
    expect((await statuses(box, { workspaceTrust: 'assume' })).map(([, status]) => status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect((await statuses(box, { bypassTrust: true })).map(([, status]) => status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('plugin hooks are gated like settings hooks (§11.7)', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/plugins/cache/m/p/1/hooks/hooks.json', stop);
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'p@m': true } });
    expect(await statuses(box)).toEqual([['plugin', 'skipped', 'workspace-untrusted']]);
  });

  it('never writes ~/.claude.json', async () => {
    const box = setup();
    box.trustWorkspace();
    const before = readFileSync(join(box.home, '.claude.json'), 'utf8');
    const mtime = statSync(join(box.home, '.claude.json')).mtimeMs;
    await statuses(box);
    const common = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
    for (const args of [
      ['trust', '--all', '--yes'],
      ['untrust', '--all'],
      ['enable', 'x'],
      ['disable', 'x'],
    ])
      await runCli([...args, ...common]);
    expect(readFileSync(join(box.home, '.claude.json'), 'utf8')).toBe(before);
    expect(statSync(join(box.home, '.claude.json')).mtimeMs).toBe(mtime);
  });
});

describe('hookctl trust commands with --dialect claude', () => {
  it.each([
    ['trust', '--all', '--yes'],
    ['untrust', '--all'],
    ['enable', 'project:.claude/settings.json:Stop:0:0'],
    ['disable', 'project:.claude/settings.json:Stop:0:0'],
  ])('%s explains in one line that Claude has no per-hook trust, exits 2 and writes nothing', async (commandName, ...args) => {
    const box = setup();
    const homeBefore = readdirSync(box.home, { recursive: true }).sort();
    const result = await runCli([commandName, ...args, ...sandboxFlags(box, 'claude', box.managed)]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^hookctl: Claude Code has no per-hook trust or on\/off switch: .*hookctl never writes ~\/\.claude\.json$/),
    ]);
    expect(readdirSync(box.home, { recursive: true }).sort()).toEqual(homeBefore);
  });

  it('list shows managed, workspace-trusted and workspace-untrusted', async () => {
    const box = setup();
    const common = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
    const untrusted = JSON.parse((await runCli(['list', '--json', ...common])).stdout);
    expect(untrusted.hooks.map((hook: { trust: string; skipReason: string | null }) => [hook.trust, hook.skipReason])).toEqual([
      ['managed', null],
      ['workspace-untrusted', 'workspace-untrusted'],
      ['workspace-untrusted', 'workspace-untrusted'],
    ]);
    const text = await runCli(['list', ...common]);
    expect(text.stdout).toContain(`workspace-untrusted (not accepted for ${box.project} in ${join(box.home, '.claude.json')})`);
    expect(text.stdout).toContain('2 hooks will not run until the folder is trusted');
    box.trustWorkspace();
    const trusted = JSON.parse((await runCli(['list', '--json', ...common])).stdout);
    expect(trusted.hooks.map((hook: { trust: string }) => hook.trust)).toEqual(['managed', 'workspace-trusted', 'workspace-trusted']);
  });

  it('dry-run --dangerously-bypass-hook-trust runs the held-back hooks, with the warning', async () => {
    const box = setup();
    const result = await runCli([
      'dry-run',
      'Stop',
      '--json',
      '--dangerously-bypass-hook-trust',
      ...sandboxFlags(box, 'claude', box.managed),
    ]);
    expect(result.stderr).toContain('--dangerously-bypass-hook-trust` is enabled');
    expect(JSON.parse(result.stdout).runs.map((run: { status: string }) => run.status)).toEqual(['completed', 'completed', 'completed']);
  });
});
