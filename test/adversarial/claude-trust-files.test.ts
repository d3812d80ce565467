import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, group, hooks, makeClaudeSandbox } from '../dialects/claude/sandbox.js';

/**
 * claude's workspace trust reads the repository's `.git` (to find the trust root) and the user's
 * `~/.claude.json`. Neither may crash engine creation or read without bound: a `.git` symlink loop
 * and a `.git` file that is a device are "no usable repository marker", and a state file that is a
 * device trusts nothing (SPEC §6.1.4).
 */
describe('claude workspace trust over hostile files', () => {
  it('a .git symlink loop and ~/.claude.json -> /dev/zero: the engine loads, nothing is trusted, nothing hangs', async () => {
    const box = makeClaudeSandbox();
    rmSync(join(box.project, '.git'), { recursive: true, force: true });
    symlinkSync('.git', join(box.project, '.git'));
    symlinkSync('/dev/zero', join(box.home, '.claude.json'));
    box.settings('home/.claude/settings.json', hooks({ Stop: [group([command('true')])] }));
    const engine = await box.engine({ workspaceTrust: 'check' });
    try {
      const outcome = await engine.dispatch('Stop', (await box.payload('Stop')) as never);
      expect(outcome.runs.map((run) => [run.status, run.skipReason])).toEqual([['skipped', 'workspace-untrusted']]);
    } finally {
      await engine.close();
    }
  });

  it('a linked worktree whose .git file is a device is not followed', async () => {
    const box = makeClaudeSandbox();
    rmSync(join(box.project, '.git'), { recursive: true, force: true });
    symlinkSync('/dev/zero', join(box.project, '.git'));
    box.settings('home/.claude/settings.json', hooks({ Stop: [group([command('true')])] }));
    box.trustWorkspace();
    const engine = await box.engine({ workspaceTrust: 'check' });
    try {
      const outcome = await engine.dispatch('Stop', (await box.payload('Stop')) as never);
      // Not a usable marker, so the project dir itself is the trust root — the one the user trusted.
      expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
    } finally {
      await engine.close();
    }
  });
});
