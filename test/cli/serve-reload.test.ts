import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudePayload, codexPayload, octoPayload, oiPayload } from '../helpers/payloads.js';
import { runCli } from '../helpers/run-cli.js';
import { eventually, killLeftoverServers, startServe } from '../helpers/serve-client.js';
import { sandboxFlags, makeTempProject } from '../helpers/temp-project.js';

afterEach(killLeftoverServers);

/** A command printing a PreToolUse deny with `reason` (the output shape openinterpreter, codex and claude share). */
const denyCommand = (reason: string): string =>
  `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}'`;

/** A PreToolUse hook that denies with `reason`, as openinterpreter hooks.json text. */
function oiGuard(reason: string): string {
  const command = denyCommand(reason);
  return JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', id: 'guard', command }] }] } }, null, 2);
}

/** An octo hooks.yml whose PreToolUse gate blocks with `reason`. */
function octoGate(reason: string): string {
  return `hooks:\n  PreToolUse:\n    - command: "echo '{\\"decision\\":\\"block\\",\\"reason\\":\\"${reason}\\"}'"\n`;
}

/** The same guard as a codex hooks.json (no ids: Codex keys hooks by position). */
function codexGuard(reason: string): string {
  const command = denyCommand(reason);
  return JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }, null, 2);
}

/** The same guard as claude settings: `{ hooks: … }` inside a settings file (claude hooks carry no ids). */
function claudeGuard(reason: string, settings: Record<string, unknown> = {}): string {
  const command = denyCommand(reason);
  return JSON.stringify({ ...settings, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }, null, 2);
}

/** A claude server over a sandbox: no managed file, no CLAUDE_CONFIG_DIR, nothing trusted yet. */
function claudeSandbox(extra: readonly string[] = []) {
  const sandbox = makeTempProject();
  const managed = join(sandbox.root, 'etc', 'claude-code', 'managed-settings.json');
  const common = ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', managed, ...extra];
  const server = startServe(common, { env: { CLAUDE_CONFIG_DIR: undefined } });
  const dispatch = async () =>
    (await server.request('dispatch', { event: 'PreToolUse', payload: claudePayload('PreToolUse', sandbox.project) })).result;
  return { sandbox, server, dispatch };
}

function oiSandbox() {
  const sandbox = makeTempProject();
  const common = [...sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'no-requirements.toml'))];
  const dispatch = () => ({ event: 'PreToolUse', payload: oiPayload('PreToolUse', sandbox.project) });
  return { sandbox, common, dispatch };
}

describe('hookctl serve: configuration changes take effect without a restart', () => {
  it('an edited hooks.json (openinterpreter) is re-read and its trust re-checked; `hookctl trust` elsewhere makes it run', async () => {
    const { sandbox, common, dispatch } = oiSandbox();
    const hooksFile = sandbox.write('project/.openinterpreter/hooks.json', oiGuard('version one'));
    expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
    const server = startServe(common);
    expect((await server.request('dispatch', dispatch())).result).toMatchObject({ decision: 'deny', reason: 'version one' });

    writeFileSync(hooksFile, oiGuard('version two'));
    // The edited hook is no longer the definition that was trusted: skipped, never run.
    expect((await server.request('dispatch', dispatch())).result).toMatchObject({
      decision: null,
      runs: [{ id: 'guard', status: 'skipped', skipReason: 'modified' }],
    });

    // Trust recorded by another process is seen by the next dispatch.
    const trusted = await runCli(['trust', 'guard', '--yes', ...common]);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect((await server.request('dispatch', dispatch())).result).toMatchObject({
      decision: 'deny',
      reason: 'version two',
      runs: [{ status: 'blocked' }],
    });

    // So is a disable.
    expect((await runCli(['disable', 'guard', ...common])).code).toBe(0);
    expect((await server.request('dispatch', dispatch())).result.runs).toMatchObject([{ status: 'skipped', skipReason: 'disabled' }]);
  });

  it('a project script edited behind an unchanged command makes the hook `modified` (script-aware trust)', async () => {
    const { sandbox, common, dispatch } = oiSandbox();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', id: 'guard', command: 'sh scripts/guard.sh' }] }] } }),
    );
    const script = sandbox.write('project/scripts/guard.sh', 'echo checked >&2\n');
    expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
    const server = startServe(common);
    expect((await server.request('dispatch', dispatch())).result.runs).toMatchObject([{ status: 'completed', stderr: 'checked\n' }]);
    writeFileSync(script, 'echo something else >&2\n');
    expect((await server.request('dispatch', dispatch())).result.runs).toMatchObject([{ status: 'skipped', skipReason: 'modified' }]);
  });

  it('an edited hooks.yml (octo) is re-read, and a project hooks.yml edit revokes its trust', async () => {
    const sandbox = makeTempProject();
    const userFile = sandbox.write('home/.octo/hooks.yml', octoGate('user one'));
    const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];
    const dispatch = { event: 'PreToolUse', payload: octoPayload('PreToolUse', sandbox.project) };
    const server = startServe(common);
    expect((await server.request('dispatch', dispatch)).result).toMatchObject({ decision: 'deny', reason: 'user one' });
    writeFileSync(userFile, octoGate('user two'));
    expect((await server.request('dispatch', dispatch)).result).toMatchObject({ decision: 'deny', reason: 'user two' });

    // A project file appears, untrusted: listed as a skipped run after the user's gate decided.
    writeFileSync(userFile, 'hooks: {}\n');
    const projectFile = sandbox.write('project/.octo/hooks.yml', octoGate('project one'));
    expect((await server.request('dispatch', dispatch)).result.runs).toMatchObject([
      { source: 'project', status: 'skipped', skipReason: 'untrusted' },
    ]);
    expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
    expect((await server.request('dispatch', dispatch)).result).toMatchObject({ decision: 'deny', reason: 'project one' });
    writeFileSync(projectFile, octoGate('project two'));
    expect((await server.request('dispatch', dispatch)).result.runs).toMatchObject([
      { source: 'project', status: 'skipped', skipReason: 'modified' },
    ]);
  });

  it('a config file created in a discovered location (a new .openinterpreter/ below the project root) is loaded', async () => {
    const { sandbox, common } = oiSandbox();
    const cwd = join(sandbox.project, 'packages', 'app');
    mkdirSync(cwd, { recursive: true });
    const server = startServe([...common.map((arg) => (arg === sandbox.project ? cwd : arg)), '--dangerously-bypass-hook-trust']);
    const dispatch = { event: 'PreToolUse', payload: oiPayload('PreToolUse', cwd) };
    expect((await server.request('dispatch', dispatch)).result).toMatchObject({ decision: null, runs: [] });
    sandbox.write('project/packages/.openinterpreter/hooks.json', oiGuard('from the new layer'));
    expect((await server.request('dispatch', dispatch)).result).toMatchObject({ decision: 'deny', reason: 'from the new layer' });
  });

  it(
    'codex: trusting the project in config.toml, then its hooks, then editing them, each takes effect; ' +
      'a new .codex/ below the root is loaded',
    async () => {
      const sandbox = makeTempProject();
      const cwd = join(sandbox.project, 'packages', 'app');
      mkdirSync(cwd, { recursive: true });
      const common = ['--dialect', 'codex', '--cwd', cwd, '--home', sandbox.home, '--managed', join(sandbox.root, 'no-requirements.toml')];
      const hooksFile = sandbox.write('project/.codex/hooks.json', codexGuard('version one'));
      const server = startServe(common, { env: { CODEX_HOME: undefined } });
      const dispatch = { event: 'PreToolUse', payload: codexPayload('PreToolUse', cwd) };
      expect((await server.request('dispatch', dispatch)).result.runs).toMatchObject([
        { source: 'project', status: 'skipped', skipReason: 'workspace-untrusted' },
      ]);

      // The user trusts the project: its hooks load, and wait for hook trust.
      sandbox.write('home/.codex/config.toml', `[projects.${JSON.stringify(sandbox.project)}]\ntrust_level = "trusted"\n`);
      expect((await server.request('dispatch', dispatch)).result.runs).toMatchObject([
        { source: 'project', status: 'skipped', skipReason: 'untrusted' },
      ]);
      const trusted = await runCli(['trust', '--all', '--yes', ...common], { env: { CODEX_HOME: undefined } });
      expect(trusted.code, trusted.stderr).toBe(0);
      expect((await server.request('dispatch', dispatch)).result).toMatchObject({ decision: 'deny', reason: 'version one' });

      writeFileSync(hooksFile, codexGuard('version two'));
      expect((await server.request('dispatch', dispatch)).result.runs).toMatchObject([{ status: 'skipped', skipReason: 'modified' }]);

      // A layer nearer the cwd appears; with the bypass off it is listed, untrusted, after the modified one.
      sandbox.write('project/packages/.codex/hooks.json', codexGuard('nearer'));
      expect((await server.request('dispatch', dispatch)).result.runs).toMatchObject([
        { status: 'skipped', skipReason: 'modified' },
        { status: 'skipped', skipReason: 'untrusted' },
      ]);
    },
  );

  it(
    'claude: a project settings file created after start is loaded; ' +
      'accepting workspace trust in ~/.claude.json lets it run; an edit takes effect',
    async () => {
      const { sandbox, dispatch } = claudeSandbox();
      expect(await dispatch()).toMatchObject({ decision: null, runs: [] });

      const settings = sandbox.write('project/.claude/settings.json', claudeGuard('version one'));
      expect((await dispatch()).runs).toMatchObject([{ source: 'project', status: 'skipped', skipReason: 'workspace-untrusted' }]);

      // What Claude Code's trust dialog writes when the user accepts the folder.
      sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
      expect(await dispatch()).toMatchObject({ decision: 'deny', reason: 'version one', runs: [{ source: 'project', status: 'blocked' }] });

      writeFileSync(settings, claudeGuard('version two'));
      expect(await dispatch()).toMatchObject({ decision: 'deny', reason: 'version two' });

      // Withdrawn trust holds the hooks back again.
      sandbox.write('home/.claude.json', JSON.stringify({ projects: {} }));
      expect((await dispatch()).runs).toMatchObject([{ status: 'skipped', skipReason: 'workspace-untrusted' }]);
    },
  );

  it(
    'claude: user, local, --settings, managed, a managed-settings.d drop-in and a plugin hooks file ' +
      'created after start are each loaded',
    async () => {
      const { sandbox, dispatch } = claudeSandbox(['--settings', '.claude/session.json', '--dangerously-bypass-hook-trust']);
      // A run names a project file relative to the project, any other absolutely: both as sandbox paths here.
      const sources = async () =>
        (await dispatch()).runs.map(
          (run: { source: string; file: string }) => `${run.source}:${relative(sandbox.root, resolve(sandbox.project, run.file))}`,
        );
      expect(await sources()).toEqual([]);
      sandbox.write('home/.claude/settings.json', claudeGuard('user'));
      expect(await sources()).toEqual(['user:home/.claude/settings.json']);
      sandbox.write('project/.claude/settings.local.json', claudeGuard('local'));
      expect(await sources()).toEqual(['user:home/.claude/settings.json', 'local:project/.claude/settings.local.json']);
      sandbox.write('project/.claude/session.json', claudeGuard('flag'));
      expect(await sources()).toHaveLength(3);
      sandbox.write('etc/claude-code/managed-settings.d/10-policy.json', claudeGuard('drop-in'));
      expect((await sources())[0]).toBe('managed:etc/claude-code/managed-settings.d/10-policy.json');
      sandbox.write('etc/claude-code/managed-settings.json', claudeGuard('managed'));
      expect((await sources()).slice(0, 2)).toEqual([
        'managed:etc/claude-code/managed-settings.json',
        'managed:etc/claude-code/managed-settings.d/10-policy.json',
      ]);

      // A plugin enabled in the user settings, then installed: its hooks file appears in the cache.
      sandbox.write('home/.claude/settings.json', JSON.stringify({ enabledPlugins: { 'guard@market': true } }));
      expect(await sources()).toHaveLength(4);
      sandbox.write('home/.claude/plugins/cache/market/guard/1.0.0/hooks/hooks.json', claudeGuard('plugin'));
      expect((await sources()).at(-1)).toBe('plugin:home/.claude/plugins/cache/market/guard/1.0.0/hooks/hooks.json');
    },
  );

  it('reloads on its own when a watched file changes, before any dispatch (logged on stderr)', async () => {
    const sandbox = makeTempProject();
    const userFile = sandbox.write('home/.octo/hooks.yml', octoGate('one'));
    const server = startServe(['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home]);
    await eventually(() => server.stderr().includes('ready'), 'the server to start');
    writeFileSync(userFile, `${octoGate('two')}  Stop:\n    - command: "true"\n`);
    await eventually(() => server.stderr().includes('hookctl serve: configuration reloaded (2 hooks)\n'), 'the reload log line');
    expect(server.responses).toEqual([]);
  });

  it('a reload error keeps the last good configuration and says so in every outcome until fixed', async () => {
    const sandbox = makeTempProject();
    const userFile = sandbox.write('home/.octo/hooks.yml', octoGate('good'));
    const server = startServe(['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home]);
    const dispatch = { event: 'PreToolUse', payload: octoPayload('PreToolUse', sandbox.project) };
    expect((await server.request('dispatch', dispatch)).result.warnings).toEqual([]);

    // octo refuses a file with an unknown event (a hard load error): nothing half-configured runs.
    writeFileSync(userFile, `${octoGate('broken')}  PreToolUze:\n    - command: "true"\n`);
    const broken = (await server.request('dispatch', dispatch)).result;
    expect(broken).toMatchObject({ decision: 'deny', reason: 'good' });
    expect(broken.warnings).toEqual([
      expect.stringMatching(/^configuration reload failed; the last good configuration stays in effect: .*hooks\.yml:4:3: .*"PreToolUze"/),
    ]);
    // list shows the file as it is now, like `hookctl list --json`.
    expect((await server.request('list')).result.loadErrors).toHaveLength(1);
    // Logged once on stderr, with the same line as the warning.
    expect(
      server
        .stderr()
        .split('\n')
        .filter((line) => line.includes('reload failed')),
    ).toEqual([`hookctl serve: ${broken.warnings[0]}`]);

    writeFileSync(userFile, octoGate('fixed'));
    const fixed = (await server.request('dispatch', dispatch)).result;
    expect(fixed).toMatchObject({ decision: 'deny', reason: 'fixed', warnings: [] });
  });

  it('an edit that breaks a running hooks.json (openinterpreter) is refused: the guard keeps running, with a warning', async () => {
    const { sandbox, common, dispatch } = oiSandbox();
    const hooksFile = sandbox.write('project/.openinterpreter/hooks.json', oiGuard('still guarding'));
    expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
    const server = startServe(common);
    expect((await server.request('dispatch', dispatch())).result).toMatchObject({ decision: 'deny', warnings: [] });
    // Saved half-edited: at start the agent would drop this file (and `hookctl run` does), but a
    // guard that is running must not drop out because of a typo.
    writeFileSync(hooksFile, oiGuard('still guarding').replace('"hooks"', '"hooks":'));
    const broken = (await server.request('dispatch', dispatch())).result;
    expect(broken).toMatchObject({ decision: 'deny', reason: 'still guarding' });
    expect(broken.warnings).toEqual([
      expect.stringMatching(
        /^configuration reload failed; the last good configuration stays in effect: .*hooks\.json:\d+:\d+: error: .*\(parse-error\)$/,
      ),
    ]);
    writeFileSync(hooksFile, oiGuard('still guarding'));
    expect((await server.request('dispatch', dispatch())).result).toMatchObject({ decision: 'deny', warnings: [] });
  });

  it('a broken config file does not shield a script edited at the same time: the kept hook is re-checked and skipped', async () => {
    const sandbox = makeTempProject();
    const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];
    const hooksFile = sandbox.write('project/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: sh scripts/gate.sh\n');
    const script = sandbox.write('project/scripts/gate.sh', 'echo gate ran >&2\n');
    expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
    const server = startServe(common);
    const dispatch = { event: 'PreToolUse', payload: octoPayload('PreToolUse', sandbox.project) };
    expect((await server.request('dispatch', dispatch)).result.runs).toMatchObject([{ status: 'completed', stderr: 'gate ran\n' }]);
    writeFileSync(hooksFile, 'hooks:\n  PreToolUze: []\n');
    writeFileSync(script, 'echo something else ran >&2\n');
    const outcome = (await server.request('dispatch', dispatch)).result;
    expect(outcome.runs).toMatchObject([{ status: 'skipped', skipReason: 'modified' }]);
    expect(outcome.warnings).toEqual([expect.stringMatching(/^configuration reload failed; .*"PreToolUze"/)]);
  });

  it('a trust store that becomes unreadable keeps the last good trust decisions, with a warning', async () => {
    const { sandbox, common, dispatch } = oiSandbox();
    sandbox.write('project/.openinterpreter/hooks.json', oiGuard('trusted'));
    expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
    const server = startServe(common);
    expect((await server.request('dispatch', dispatch())).result).toMatchObject({ decision: 'deny' });
    writeFileSync(join(sandbox.home, '.openinterpreter', 'trusted-hooks.json'), '{ not json');
    const outcome = (await server.request('dispatch', dispatch())).result;
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'trusted' });
    expect(outcome.warnings).toEqual([
      expect.stringMatching(
        /^configuration reload failed; the last good configuration stays in effect: trust store .*trusted-hooks\.json is not valid/,
      ),
    ]);
  });
});
