import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ConfigLoadError, ConfigReloadError, createEngine, loadDialect } from '../../src/index.js';
import { octoPayload, oiPayload } from '../helpers/payloads.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/** An octo user hooks.yml whose PreToolUse gate blocks with `reason`, plus any extra events. */
function octoGate(reason: string, extra = ''): string {
  return `hooks:\n  PreToolUse:\n    - command: "echo '{\\"decision\\":\\"block\\",\\"reason\\":\\"${reason}\\"}'"\n${extra}`;
}

/** An untyped engine (payloads are built by helpers as plain records). */
async function octoEngine(sandbox: TempProject, options: { watch?: boolean; onReload?: (error: Error | null) => void } = {}) {
  return createEngine({ dialect: await loadDialect('octo'), cwd: sandbox.project, home: sandbox.home, env: {}, ...options });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 20_000) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('engine.reload()', () => {
  it('swaps in the edited configuration for later dispatches; a dispatch already running finishes on the old one', async () => {
    const sandbox = makeTempProject();
    const hooksFile = sandbox.write(
      'home/.octo/hooks.yml',
      `hooks:\n  PreToolUse:\n` +
        `    - command: "while [ ! -e release ]; do sleep 0.02; done; echo '{\\"decision\\":\\"block\\",\\"reason\\":\\"old\\"}'"\n`,
    );
    const engine = await octoEngine(sandbox);
    const running = engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project));
    writeFileSync(hooksFile, octoGate('new'));
    await engine.reload();
    expect(await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project))).toMatchObject({
      decision: 'deny',
      reason: 'new',
    });
    writeFileSync(join(sandbox.project, 'release'), '');
    expect(await running).toMatchObject({ decision: 'deny', reason: 'old' });
    await engine.close();
  });

  it('without watch, an edit is not seen until reload()', async () => {
    const sandbox = makeTempProject();
    const hooksFile = sandbox.write('home/.octo/hooks.yml', octoGate('one'));
    const engine = await octoEngine(sandbox);
    writeFileSync(hooksFile, octoGate('two'));
    expect(await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project))).toMatchObject({ reason: 'one' });
    await engine.reload();
    expect(await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project))).toMatchObject({ reason: 'two' });
    await engine.close();
  });

  it('rejects with the load error and keeps the last good configuration, warning in every outcome until a reload succeeds', async () => {
    const sandbox = makeTempProject();
    const hooksFile = sandbox.write('home/.octo/hooks.yml', octoGate('good'));
    const engine = await octoEngine(sandbox);
    writeFileSync(hooksFile, octoGate('bad', '  Stop:\n    - command: "true"\n      async: maybe\n  PreToolUze: []\n'));
    const error = await engine.reload().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigLoadError);
    const outcome = await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project));
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'good' });
    expect(outcome.warnings.length).toBe((error as ConfigLoadError).findings.length);
    expect(
      outcome.warnings.every((warning) => warning.startsWith('configuration reload failed; the last good configuration stays in effect: ')),
    ).toBe(true);
    expect(engine.warnings).toEqual(outcome.warnings);

    writeFileSync(hooksFile, octoGate('fixed'));
    await engine.reload();
    expect(await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project))).toMatchObject({
      reason: 'fixed',
      warnings: [],
    });
    await engine.close();
  });

  it('refuses a reload that adds errors the running configuration does not have (ConfigReloadError), keeping it', async () => {
    const sandbox = makeTempProject();
    const hooksFile = sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo kept >&2' }] }] } }),
    );
    const engine = await createEngine({
      dialect: await loadDialect('openinterpreter'),
      cwd: sandbox.project,
      home: sandbox.home,
      env: {},
      managedConfigPath: join(sandbox.root, 'none.toml'),
      bypassTrust: true,
    });
    writeFileSync(hooksFile, JSON.stringify({ hooks: { Stop: [{ matcher: 'x', hooks: [{ type: 'command', command: '' }] }] } }));
    const error = await engine.reload().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigReloadError);
    const message = (error as ConfigReloadError).message;
    // One finding: the summary line, then the finding indented by two spaces.
    expect(message.split('\n')).toHaveLength(2);
    expect(message).toMatch(/^the changed hook configuration has 1 new error; the last good configuration stays in effect:\n/);
    expect(message).toMatch(/\n {2}.*hooks\.json:1:\d+: error: .*\(empty-command\)$/);
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    expect(outcome.runs).toMatchObject([{ status: 'completed', stderr: 'kept\n' }]);
    // Deleting the file is not an error: its hooks go.
    rmSync(hooksFile);
    await engine.reload();
    expect((await engine.dispatch('Stop', oiPayload('Stop', sandbox.project))).runs).toEqual([]);
    await engine.close();
  });

  it('keeps in-process hooks registered across reloads, and close() still waits for async runs of the old configuration', async () => {
    const sandbox = makeTempProject();
    const hooksFile = sandbox.write(
      'home/.octo/hooks.yml',
      'hooks:\n  Stop:\n    - command: "sleep 0.3; echo done > async-finished"\n      async: true\n',
    );
    const engine = await octoEngine(sandbox);
    engine.registerInProcess('UserPromptSubmit', () => 'from the host', 'host-context');
    expect((await engine.dispatch('Stop', octoPayload('Stop', sandbox.project))).runs).toMatchObject([
      { mode: 'async', status: 'running' },
    ]);
    writeFileSync(hooksFile, 'hooks: {}\n');
    await engine.reload();
    expect(engine.handlers.map((handler) => handler.id)).toEqual(['host-context']);
    expect(await engine.dispatch('UserPromptSubmit', octoPayload('UserPromptSubmit', sandbox.project))).toMatchObject({
      additionalContext: 'from the host',
    });
    await engine.close();
    expect(existsSync(join(sandbox.project, 'async-finished'))).toBe(true);
  });

  it('re-decides trust: an openinterpreter hook trusted before an edit is skipped as modified after it', async () => {
    const sandbox = makeTempProject();
    const hooksFile = sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', id: 'audit', command: 'true' }] }] } }),
    );
    const dialect = await loadDialect('openinterpreter');
    const options = { dialect, cwd: sandbox.project, home: sandbox.home, env: {}, managedConfigPath: join(sandbox.root, 'none.toml') };
    const engine = await createEngine(options);
    expect(engine.handlers[0]!.trust.status).toBe('untrusted');
    // Trust it the way `hookctl trust` does: through the dialect's trust authority.
    const context = {
      cwd: sandbox.project,
      home: sandbox.home,
      env: {},
      managedConfigPath: options.managedConfigPath,
      projectDir: sandbox.project,
    };
    const config = await dialect.loadConfig(context);
    await dialect.trust.trust(await dialect.trust.units(config.handlers, config.handlers, context), context);
    await engine.reload();
    expect(engine.handlers[0]!.trust.status).toBe('trusted');
    writeFileSync(hooksFile, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', id: 'audit', command: 'false' }] }] } }));
    await engine.reload();
    expect((await engine.dispatch('Stop', oiPayload('Stop', sandbox.project))).runs).toMatchObject([
      { id: 'audit', status: 'skipped', skipReason: 'modified' },
    ]);
    await engine.close();
  });
});

describe('createEngine({ watch: true })', () => {
  it('a dispatch that starts after an edit sees it, with no reload() call', async () => {
    const sandbox = makeTempProject();
    const hooksFile = sandbox.write('home/.octo/hooks.yml', octoGate('one'));
    const engine = await octoEngine(sandbox, { watch: true });
    for (const reason of ['two', 'three', 'four']) {
      writeFileSync(hooksFile, octoGate(reason));
      expect(await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project))).toMatchObject({ reason });
    }
    await engine.close();
  });

  it('follows a config directory created after start: a hooks file written into it loads with no dispatch', async () => {
    const sandbox = makeTempProject();
    const engine = await octoEngine(sandbox, { watch: true });
    mkdirSync(join(sandbox.project, '.octo'));
    const hooksFile = sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "true"\n');
    await until(() => engine.handlers.length === 1, 'the new project hooks file to load');
    expect(engine.handlers[0]).toMatchObject({ source: 'project', skipReason: 'untrusted' });
    // An edit inside the new directory is seen too: the watch moved into it.
    writeFileSync(hooksFile, 'hooks:\n  Stop:\n    - command: "true"\n    - command: "false"\n');
    await until(() => engine.handlers.length === 2, 'the edited project hooks file to load');
    await engine.close();
  });

  it('reloads by itself when a watched path changes, and reports each reload to onReload', async () => {
    const sandbox = makeTempProject();
    const reloads: (Error | null)[] = [];
    const engine = await octoEngine(sandbox, { watch: true, onReload: (error) => reloads.push(error) });
    expect(engine.handlers).toEqual([]);
    // The memory dir switches octo's built-in hooks on: a directory appearing is a change too.
    mkdirSync(join(sandbox.home, '.octo', 'memory'), { recursive: true });
    await until(() => engine.handlers.length === 2, 'the built-in hooks to load');
    expect(reloads.at(-1)).toBeNull();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  Nope: []\n');
    await until(() => reloads.at(-1) instanceof ConfigLoadError, 'the failed reload');
    expect(engine.handlers.map((handler) => handler.id)).toEqual(['builtin:memory-reminder', 'builtin:save-reminder']);
    await engine.close();
  });
});
