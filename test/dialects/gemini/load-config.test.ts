import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/create-engine.js';
import { loadConfig } from '../../../src/dialects/gemini/load-config.js';
import { loadDialect } from '../../../src/dialects/registry.js';
import { listHooks } from '../../../src/trust/list-hooks.js';
import { formatListing } from '../../../src/trust/list-text.js';
import { makeTempProject, type TempProject } from '../../helpers/temp-project.js';

const hook = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });

/** A sandbox whose system files live inside it (never /etc), with every layer optional. */
function context(sandbox: TempProject, env: Record<string, string> = {}) {
  return {
    cwd: sandbox.project,
    home: sandbox.home,
    managedConfigPath: join(sandbox.root, 'etc', 'settings.json'),
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', ...env },
  };
}

const settings = (hooks: Record<string, unknown>, more: Record<string, unknown> = {}) => JSON.stringify({ ...more, hooks }, null, 2);

describe('gemini loadConfig', () => {
  it('reads the layers in Gemini merge order (system defaults, user, workspace, system) then extensions', async () => {
    const sandbox = makeTempProject();
    const defaults = sandbox.write('etc/system-defaults.json', settings({ BeforeTool: [{ hooks: [hook('defaults')] }] }));
    const system = sandbox.write('etc/settings.json', settings({ BeforeTool: [{ hooks: [hook('system')] }] }));
    const user = sandbox.write('home/.gemini/settings.json', settings({ BeforeTool: [{ hooks: [hook('user')] }] }));
    const workspace = sandbox.write(
      'project/.gemini/settings.json',
      // Gemini CLI reads settings with comments.
      `// workspace settings\n${settings({
        BeforeTool: [{ matcher: 'run_shell_command', hooks: [hook('workspace', { timeout: 5000 })] }],
      })}`,
    );
    sandbox.write('home/.gemini/extensions/guard/gemini-extension.json', '{"name":"guard","version":"1.0.0"}');
    const extension = sandbox.write(
      'home/.gemini/extensions/guard/hooks/hooks.json',
      settings({ AfterTool: [{ hooks: [hook('node ${extensionPath}${/}hooks${/}audit.js')] }] }),
    );
    // A directory without gemini-extension.json is no extension.
    sandbox.write('home/.gemini/extensions/stray/hooks/hooks.json', settings({ AfterTool: [{ hooks: [hook('stray')] }] }));
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.findings).toEqual([]);
    expect(loaded.files).toEqual([defaults, user, workspace, system, extension]);
    expect(loaded.handlers.map((h) => [h.source, h.event, h.command, h.timeoutMs, h.matcher.source])).toEqual([
      ['managed', 'BeforeTool', 'defaults', 60_000, null],
      ['user', 'BeforeTool', 'user', 60_000, null],
      ['project', 'BeforeTool', 'workspace', 5000, 'run_shell_command'],
      ['managed', 'BeforeTool', 'system', 60_000, null],
      ['plugin', 'AfterTool', `node ${join(sandbox.home, '.gemini/extensions/guard')}/hooks/audit.js`, 60_000, null],
    ]);
    expect(loaded.handlers[0]!.launch).toEqual({ kind: 'process', argv: ['bash', '-c', 'defaults'] });
  });

  it('GEMINI_CLI_HOME moves the user directory', async () => {
    const sandbox = makeTempProject();
    const moved = sandbox.write('alt/.gemini/settings.json', settings({ SessionEnd: [{ hooks: [hook('bye')] }] }));
    sandbox.write('home/.gemini/settings.json', settings({ SessionEnd: [{ hooks: [hook('ignored')] }] }));
    const loaded = await loadConfig(context(sandbox, { GEMINI_CLI_HOME: join(sandbox.root, 'alt') }));
    expect(loaded.files).toEqual([moved]);
    expect(loaded.handlers.map((h) => h.command)).toEqual(['bye']);
  });

  it('hooksConfig.enabled false turns every hook off, naming the setting; the last layer decides', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.gemini/settings.json', settings({ BeforeTool: [{ hooks: [hook('a')] }] }, { hooksConfig: { enabled: true } }));
    const off = sandbox.write('project/.gemini/settings.json', settings({}, { hooksConfig: { enabled: false } }));
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.enabled).toBe(false);
    expect(loaded.handlers).toEqual([]);
    expect(loaded.switchedOff).toMatchObject({ scope: 'all', file: off, line: 3, setting: 'hooksConfig.enabled = false' });
    // `hookctl list` names Gemini's own switch, not another agent's `[features] hooks = false`.
    const dialect = await loadDialect('gemini');
    const { listing, details } = await listHooks(dialect, context(sandbox));
    expect(formatListing(dialect, listing, details)).toBe(
      `Hooks are disabled by hooksConfig.enabled = false in ${off}:3; no hook is discovered or run.\n`,
    );
  });

  it('an untrusted folder ignores the workspace switches (its settings are not read)', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.gemini/settings.json', settings({ BeforeTool: [{ hooks: [hook('a')] }] }));
    sandbox.write('project/.gemini/settings.json', settings({}, { hooksConfig: { enabled: false } }));
    const loaded = await loadConfig(context(sandbox, { GEMINI_CLI_TRUST_WORKSPACE: 'false' }));
    expect(loaded.enabled).toBe(true);
  });

  it('hooksConfig.disabled (lists of every layer add up) names hooks by name, else by command', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'home/.gemini/settings.json',
      settings({ BeforeTool: [{ hooks: [hook('a', { name: 'guard' }), hook('b'), hook('c')] }] }, { hooksConfig: { disabled: ['guard'] } }),
    );
    sandbox.write('project/.gemini/settings.json', settings({}, { hooksConfig: { disabled: ['b'] } }));
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers.map((h) => [h.command, h.name ?? null, h.unrunnable?.reason ?? null])).toEqual([
      ['a', 'guard', 'disabled'],
      ['b', null, 'disabled'],
      ['c', null, null],
    ]);
  });

  it('sequential and the name:command dedup key come from the definition and the hook', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.gemini/settings.json',
      settings({ BeforeTool: [{ sequential: true, hooks: [hook('x', { name: 'n', env: { A: '1' } })] }, { hooks: [hook('y')] }] }),
    );
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers.map((h) => [h.sequential ?? false, h.dedup, h.env])).toEqual([
      [true, { scope: 'gemini', key: 'n:x' }, { A: '1' }],
      [false, { scope: 'gemini', key: ':y' }, {}],
    ]);
  });
});

describe('gemini folder trust', () => {
  async function outcome(sandbox: TempProject, env: Record<string, string>) {
    const engine = await createEngine({ dialect: 'gemini', ...context(sandbox, env), env: { PATH: process.env.PATH, ...env } });
    try {
      return await engine.dispatch('SessionStart', {
        session_id: 's',
        transcript_path: 't',
        cwd: sandbox.project,
        hook_event_name: 'SessionStart',
        timestamp: 'now',
        source: 'startup',
      });
    } finally {
      await engine.close();
    }
  }

  function world() {
    const sandbox = makeTempProject();
    sandbox.write('home/.gemini/settings.json', settings({ SessionStart: [{ hooks: [hook('echo user')] }] }));
    sandbox.write('project/.gemini/settings.json', settings({ SessionStart: [{ hooks: [hook('echo workspace')] }] }));
    sandbox.write('home/.gemini/extensions/x/gemini-extension.json', '{"name":"x","version":"1.0.0"}');
    sandbox.write('home/.gemini/extensions/x/hooks/hooks.json', settings({ SessionStart: [{ hooks: [hook('echo extension')] }] }));
    return sandbox;
  }

  it('an untrusted folder runs no settings hook, user hooks included; extension hooks still run', async () => {
    const sandbox = world();
    const result = await outcome(sandbox, {});
    expect(result.runs.map((run) => [run.command, run.status, run.skipReason])).toEqual([
      ['echo user', 'skipped', 'workspace-untrusted'],
      ['echo workspace', 'skipped', 'workspace-untrusted'],
      ['echo extension', 'completed', null],
    ]);
    expect(result.systemMessages).toEqual(['extension']);
  });

  it('trustedFolders.json trusts a folder (TRUST_PARENT: its parent), DO_NOT_TRUST distrusts, the longest rule wins', async () => {
    const sandbox = world();
    const rules = (value: Record<string, string>) => sandbox.write('home/.gemini/trustedFolders.json', JSON.stringify(value));
    rules({ [join(sandbox.project, 'x')]: 'TRUST_PARENT' });
    expect((await outcome(sandbox, {})).systemMessages).toEqual(['user\nworkspace\nextension']);
    rules({ [sandbox.root]: 'TRUST_FOLDER', [sandbox.project]: 'DO_NOT_TRUST' });
    expect((await outcome(sandbox, {})).systemMessages).toEqual(['extension']);
  });

  it('security.folderTrust.enabled false in the user settings trusts every folder; GEMINI_RESTRICTED_MODE distrusts', async () => {
    const sandbox = world();
    sandbox.write(
      'home/.gemini/settings.json',
      settings({ SessionStart: [{ hooks: [hook('echo user')] }] }, { security: { folderTrust: { enabled: false } } }),
    );
    expect((await outcome(sandbox, {})).systemMessages).toEqual(['user\nworkspace\nextension']);
    expect((await outcome(sandbox, { GEMINI_RESTRICTED_MODE: 'true' })).systemMessages).toEqual(['extension']);
  });
});
