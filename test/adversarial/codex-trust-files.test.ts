import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexSandbox, preToolUse, preToolUseToml } from '../conformance/codex/sandbox.js';
import { makeFifo } from './kit.js';

/**
 * codex reads files outside its config layers: the repository's `.git` (the project root and, for
 * a linked worktree, its `gitdir:` line), the user's `config.toml` (project trust and hook trust)
 * and each enabled plugin's manifest. None of them may crash engine creation, block on a FIFO or
 * read without bound (SPEC §6.1.4): each is "no marker", "nothing trusted" or "no plugin".
 */
describe('codex trust and discovery over hostile files', () => {
  it('a .git symlink loop: no marker, the cwd is the project root, the project is still untrusted', async () => {
    const box = codexSandbox();
    rmSync(join(box.project, '.git'), { recursive: true, force: true });
    symlinkSync('.git', join(box.project, '.git'));
    box.put('etc/requirements.toml', preToolUseToml('echo managed'));
    box.put('project/.codex/hooks.json', preToolUse('echo project'));
    const outcome = await box.dispatch(await box.engine(), 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(outcome.runs.map((run) => [run.source, run.status, run.skipReason ?? null])).toEqual([
      ['managed', 'completed', null],
      ['project', 'skipped', 'workspace-untrusted'],
    ]);
  });

  it('a .git that is a FIFO or a device is not read as a linked worktree, and nothing blocks', async () => {
    for (const plant of [(path: string) => makeFifo(path), (path: string) => symlinkSync('/dev/zero', path)]) {
      const box = codexSandbox();
      rmSync(join(box.project, '.git'), { recursive: true, force: true });
      plant(join(box.project, '.git'));
      box.put('project/.codex/hooks.json', preToolUse('echo project'));
      box.put('home/.codex/config.toml', box.trustLine(box.project));
      const outcome = await box.dispatch(await box.engine({ workspaceTrust: 'assume' }), 'PreToolUse', {
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      });
      // The checkout's own hooks.json is read (no worktree redirect); untrusted, so it is skipped as such.
      expect(outcome.runs.map((run) => [run.source, run.status, run.skipReason ?? null])).toEqual([['project', 'skipped', 'untrusted']]);
    }
  });

  it(
    '~/.codex/config.toml -> /dev/zero: reported, nothing trusted, the managed hook still decides; ' + 'trust refuses to write through it',
    async () => {
      const box = codexSandbox();
      symlinkSync('/dev/zero', join(box.codexHome, 'config.toml'));
      box.put('etc/requirements.toml', preToolUseToml('echo managed'));
      box.put('home/.codex/hooks.json', preToolUse('echo user'));
      const outcome = await box.dispatch(await box.engine(), 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
      expect(outcome.runs.map((run) => [run.source, run.status])).toEqual([
        ['managed', 'completed'],
        ['user', 'skipped'],
      ]);
      const trust = await box.cli('trust', '--all', '--yes', '--cwd', box.project);
      expect(trust.code).not.toBe(0);
      expect(trust.stderr).toMatch(/config\.toml/);
    },
  );

  it('a plugin manifest that is a FIFO or a device is no manifest: the plugin has no hooks, nothing blocks', async () => {
    for (const plant of [(path: string) => makeFifo(path), (path: string) => symlinkSync('/dev/zero', path)]) {
      const box = codexSandbox();
      const root = 'home/.codex/plugins/cache/test/demo/local';
      box.put('home/.codex/config.toml', '[plugins."demo@test"]\nenabled = true\n');
      box.put(`${root}/hooks/hooks.json`, preToolUse('echo plugin'));
      box.put(`${root}/.codex-plugin/.keep`, '');
      plant(join(box.root, root, '.codex-plugin', 'plugin.json'));
      box.put('etc/requirements.toml', preToolUseToml('echo managed'));
      const outcome = await box.dispatch(await box.engine(), 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
      expect(outcome.runs.map((run) => [run.source, run.status])).toEqual([['managed', 'completed']]);
    }
  });
});
