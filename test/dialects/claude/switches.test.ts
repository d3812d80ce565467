import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, type ClaudeSandbox } from './sandbox.js';

const stop = (tag: string) => [group([command(`echo ${tag}`)])];

/** managed, user and project hooks, plus a plugin that managed settings force-enable and one the user enables. */
function layered(box: ClaudeSandbox, managedExtra: Record<string, unknown>, userExtra: Record<string, unknown> = {}) {
  box.settings('home/.claude/plugins/cache/acme/forced/1/hooks/hooks.json', hooks({ Stop: stop('forced') }));
  box.settings('home/.claude/plugins/cache/acme/mine/1/hooks/hooks.json', hooks({ Stop: stop('mine') }));
  box.settings('etc/claude-code/managed-settings.json', {
    ...hooks({ Stop: stop('managed') }),
    enabledPlugins: { 'forced@acme': true },
    ...managedExtra,
  });
  box.settings('home/.claude/settings.json', { ...hooks({ Stop: stop('user') }), enabledPlugins: { 'mine@acme': true }, ...userExtra });
  box.settings('project/.claude/settings.json', hooks({ Stop: stop('project') }));
}

const summary = (outcome: Awaited<ReturnType<typeof dispatchOnce>>) => outcome.runs.map((run) => [run.command, run.status, run.skipReason]);

describe('claude switches (SPEC-dialects 8.1)', () => {
  it('without switches every layer runs', async () => {
    const box = makeClaudeSandbox();
    layered(box, {});
    expect(summary(await dispatchOnce(box, 'Stop'))).toEqual([
      ['echo managed', 'completed', null],
      ['echo user', 'completed', null],
      ['echo project', 'completed', null],
      ['echo forced', 'completed', null],
      ['echo mine', 'completed', null],
    ]);
  });

  it(
    'disableAllHooks outside managed settings turns off user, project, local and plugin hooks, ' + 'not managed or force-enabled ones',
    async () => {
      const box = makeClaudeSandbox();
      layered(box, {}, { disableAllHooks: true });
      const outcome = await dispatchOnce(box, 'Stop');
      expect(summary(outcome)).toEqual([
        ['echo managed', 'completed', null],
        ['echo user', 'skipped', 'disabled'],
        ['echo project', 'skipped', 'disabled'],
        ['echo forced', 'completed', null],
        ['echo mine', 'skipped', 'disabled'],
      ]);
      expect(outcome.runs[1]!.error).toBe(`disableAllHooks is true in ${join(box.home, '.claude/settings.json')}`);
      expect(outcome.warnings).toContainEqual(
        expect.stringContaining('disableAllHooks is true: only managed hooks and plugins enabled by managed settings run'),
      );
    },
  );

  it('a later layer decides disableAllHooks: project false overrides user true (flag > local > project > user)', async () => {
    const box = makeClaudeSandbox();
    layered(box, {}, { disableAllHooks: true });
    box.settings('project/.claude/settings.json', { ...hooks({ Stop: stop('project') }), disableAllHooks: false });
    expect(summary(await dispatchOnce(box, 'Stop')).every(([, status]) => status === 'completed')).toBe(true);
  });

  it('disableAllHooks in managed settings turns every hook off, managed ones included', async () => {
    const box = makeClaudeSandbox();
    layered(box, { disableAllHooks: true });
    const engine = await box.engine();
    const outcome = await engine.dispatch('Stop', (await box.payload('Stop')) as never);
    await engine.close();
    expect(engine.enabled).toBe(false);
    expect(outcome.runs).toEqual([]);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('disableAllHooks is true in managed settings'));
  });

  it('allowManagedHooksOnly keeps managed hooks and force-enabled plugins; the others are skipped as managed-only', async () => {
    const box = makeClaudeSandbox();
    layered(box, { allowManagedHooksOnly: true });
    expect(summary(await dispatchOnce(box, 'Stop'))).toEqual([
      ['echo managed', 'completed', null],
      ['echo user', 'skipped', 'managed-only'],
      ['echo project', 'skipped', 'managed-only'],
      ['echo forced', 'completed', null],
      ['echo mine', 'skipped', 'managed-only'],
    ]);
  });

  it('allowManagedHooksOnly outside managed settings has no effect', async () => {
    const box = makeClaudeSandbox();
    layered(box, {}, { allowManagedHooksOnly: true });
    expect(summary(await dispatchOnce(box, 'Stop')).every(([, status]) => status === 'completed')).toBe(true);
  });

  it('an allowManagedHooksOnly that is not a boolean fails closed: it counts as true (cc managed, keys that fail closed)', async () => {
    const box = makeClaudeSandbox();
    layered(box, { allowManagedHooksOnly: 'yes' });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(summary(outcome).map(([, , reason]) => reason)).toEqual([null, 'managed-only', 'managed-only', null, 'managed-only']);
    // And the managed file's other keys (its hooks) still apply.
    expect(outcome.runs[0]!.status).toBe('completed');
  });

  it.each([[true], [['hooks', 'skills']]])(
    'strictPluginOnlyCustomization %j drops user, project and local hooks; plugins and managed run',
    async (value) => {
      const box = makeClaudeSandbox();
      layered(box, { strictPluginOnlyCustomization: value });
      box.settings('project/.claude/settings.local.json', hooks({ Stop: stop('local') }));
      expect(summary(await dispatchOnce(box, 'Stop'))).toEqual([
        ['echo managed', 'completed', null],
        ['echo user', 'skipped', 'managed-only'],
        ['echo project', 'skipped', 'managed-only'],
        ['echo local', 'skipped', 'managed-only'],
        ['echo forced', 'completed', null],
        ['echo mine', 'completed', null],
      ]);
    },
  );

  it('strictPluginOnlyCustomization naming other surfaces only leaves hooks alone', async () => {
    const box = makeClaudeSandbox();
    layered(box, { strictPluginOnlyCustomization: ['skills', 'mcp'] });
    expect(summary(await dispatchOnce(box, 'Stop')).every(([, status]) => status === 'completed')).toBe(true);
  });

  it('hookctl list says why a switched-off hook never runs', async () => {
    const box = makeClaudeSandbox();
    layered(box, { allowManagedHooksOnly: true });
    box.trustWorkspace();
    const result = await runCli(['list', '--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'user:~/.claude/settings.json:Stop:0:0 — Stop, command, sync, timeout 600s — workspace-trusted, never runs: ' +
        `managed-only (allowManagedHooksOnly is set in ${box.managed})`,
    );
    expect(result.stderr).toContain('allowManagedHooksOnly is set: only managed hooks and plugins enabled by managed settings run');
    const json = JSON.parse(
      (await runCli(['list', '--json', '--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed])).stdout,
    );
    expect(json.hooks.map((hook: { trust: string; skipReason: string | null }) => [hook.trust, hook.skipReason])).toEqual([
      ['managed', null],
      ['workspace-trusted', 'managed-only'],
      ['workspace-trusted', 'managed-only'],
      ['workspace-trusted', null],
      ['workspace-trusted', 'managed-only'],
    ]);
  });
});
