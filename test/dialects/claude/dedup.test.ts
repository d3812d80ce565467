import { describe, expect, it } from 'vitest';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

const summary = (outcome: Awaited<ReturnType<typeof dispatchOnce>>) => outcome.runs.map((run) => [run.source, run.status, run.skipReason]);

describe('claude dedup (SPEC-dialects 8.1, §11.2)', () => {
  it('the same command in several settings files runs once; later copies are skipped as duplicate', async () => {
    const box = makeClaudeSandbox();
    const same = hooks({ Stop: [group([command('echo once >> ran.txt')])] });
    box.settings('home/.claude/settings.json', same);
    box.settings('project/.claude/settings.json', same);
    box.settings('project/.claude/settings.local.json', same);
    const outcome = await dispatchOnce(box, 'Stop');
    expect(summary(outcome)).toEqual([
      ['user', 'completed', null],
      ['project', 'skipped', 'duplicate'],
      ['local', 'skipped', 'duplicate'],
    ]);
  });

  it('the key is the command and args as written: shell, timeout, statusMessage, if and the matcher are not part of it', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', hooks({ PreToolUse: [group([command('true', { timeout: 5 })], 'Bash')] }));
    box.settings(
      'project/.claude/settings.json',
      hooks({ PreToolUse: [group([command('true', { statusMessage: 'checking', if: 'Bash(*)' })], 'Bash|Edit')] }),
    );
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(summary(outcome)).toEqual([
      ['user', 'completed', null],
      ['project', 'skipped', 'duplicate'],
    ]);
  });

  it('exec-form handlers with different args are different hooks; the same args are the same hook', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'home/.claude/settings.json',
      hooks({ Stop: [group([command('echo', { args: ['a'] }), command('echo', { args: ['b'] })])] }),
    );
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('echo', { args: ['a'] })])] }));
    expect(summary(await dispatchOnce(box, 'Stop'))).toEqual([
      ['user', 'completed', null],
      ['user', 'completed', null],
      ['project', 'skipped', 'duplicate'],
    ]);
  });

  it("a plugin's copy of a settings hook stays separate, and so do two plugins' copies (cc#76297, changelog 2.1.69)", async () => {
    const box = makeClaudeSandbox();
    const same = hooks({ Stop: [group([command('echo ${CLAUDE_PLUGIN_ROOT}/x')])] });
    box.settings('home/.claude/plugins/cache/m/a/1/hooks/hooks.json', same);
    box.settings('home/.claude/plugins/cache/m/b/1/hooks/hooks.json', same);
    box.settings('home/.claude/settings.json', { ...same, enabledPlugins: { 'a@m': true, 'b@m': true } });
    expect(summary(await dispatchOnce(box, 'Stop'))).toEqual([
      ['user', 'completed', null],
      ['plugin', 'completed', null],
      ['plugin', 'completed', null],
    ]);
  });

  it('http hooks are deduplicated by URL; prompt hooks never are', async () => {
    const box = makeClaudeSandbox();
    const table = hooks({
      Stop: [
        group([
          { type: 'http', url: 'http://127.0.0.1:9/stop', timeout: 1 },
          { type: 'prompt', prompt: 'Is the work done?' },
        ]),
      ],
    });
    box.settings('home/.claude/settings.json', table);
    box.settings('project/.claude/settings.json', table);
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => [run.source, run.handlerType, run.skipReason])).toEqual([
      ['user', 'http', null],
      ['user', 'prompt', 'not-runnable'],
      ['project', 'http', 'duplicate'],
      ['project', 'prompt', 'not-runnable'],
    ]);
  });

  it('a copy held back by a switch does not count: the copy that may run, runs', async () => {
    const box = makeClaudeSandbox();
    const same = hooks({ Stop: [group([command('echo policy')])] });
    box.settings('home/.claude/settings.json', same);
    box.settings('etc/claude-code/managed-settings.json', { ...same, allowManagedHooksOnly: true });
    box.settings('project/.claude/settings.json', same);
    expect(summary(await dispatchOnce(box, 'Stop'))).toEqual([
      ['managed', 'completed', null],
      ['user', 'skipped', 'managed-only'],
      ['project', 'skipped', 'managed-only'],
    ]);
  });
});
