import { describe, expect, it } from 'vitest';
import { createEngine, type Outcome } from '../../src/index.js';
import { octoPayload, oiPayload } from '../helpers/payloads.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CRASH, MANAGED_DENY, USER_HOOKS_JSON } from './kit.js';

/**
 * Invariant 1 (SPEC 6.1, 2.1): a repository, or a user, can not switch off the administrator's
 * managed hooks. The attacker commits `.openinterpreter/config.toml` with `[features] hooks =
 * false` (or sets a stray OCTO_HOOK_* variable) and hopes the managed deny goes quiet.
 */

const FEATURES_OFF = '[features]\nhooks = false\n';

interface PolicySetup {
  sandbox: TempProject;
  managed: string;
  common: string[];
}

function openInterpreterPolicy(options: { managedOnly?: boolean; managedExtra?: string } = {}): PolicySetup {
  const sandbox = makeTempProject();
  const managed = sandbox.write(
    'etc/requirements.toml',
    `${options.managedOnly ? 'allow_managed_hooks_only = true\n' : ''}${options.managedExtra ?? ''}${MANAGED_DENY}`,
  );
  sandbox.write('home/.openinterpreter/hooks.json', USER_HOOKS_JSON);
  return {
    sandbox,
    managed,
    common: ['--dialect', 'openinterpreter', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', managed],
  };
}

async function cliRun(setup: PolicySetup): Promise<Outcome> {
  const result = await runCli(['run', 'PreToolUse', ...setup.common], {
    input: JSON.stringify(oiPayload('PreToolUse', setup.sandbox.project)),
  });
  expect(result.stderr).not.toMatch(CRASH);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Outcome;
}

async function libraryDispatch(setup: PolicySetup) {
  const engine = await createEngine({
    dialect: 'openinterpreter',
    cwd: setup.sandbox.project,
    home: setup.sandbox.home,
    managedConfigPath: setup.managed,
  });
  try {
    return { engine, outcome: await engine.dispatch('PreToolUse', oiPayload('PreToolUse', setup.sandbox.project) as never) };
  } finally {
    await engine.close();
  }
}

describe('openinterpreter: [features] hooks = false outside the managed file never silences managed hooks', () => {
  const cases = [
    { where: 'the project', file: 'project/.openinterpreter/config.toml', managedOnly: false },
    { where: 'the project', file: 'project/.openinterpreter/config.toml', managedOnly: true },
    { where: 'the user', file: 'home/.openinterpreter/config.toml', managedOnly: false },
    { where: 'the user', file: 'home/.openinterpreter/config.toml', managedOnly: true },
  ];
  for (const { where, file, managedOnly } of cases) {
    it(
      `switched off by ${where}${managedOnly ? ' with allow_managed_hooks_only = true' : ''}: ` +
        'the managed deny still decides (run and library)',
      async () => {
        const setup = openInterpreterPolicy({ managedOnly });
        setup.sandbox.write(file, FEATURES_OFF);

        const outcome = await cliRun(setup);
        expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'managed policy: no' });
        expect(outcome.runs.map((run) => [run.source, run.status])).toEqual([['managed', 'blocked']]);
        expect(outcome.warnings.join('\n')).toMatch(
          /config\.toml:2:1: info: user, project and plugin hooks are disabled by \[features\] hooks = false; managed hooks still run/,
        );

        const library = await libraryDispatch(setup);
        expect(library.engine.enabled).toBe(true);
        expect(library.outcome).toMatchObject({ decision: 'deny', reason: 'managed policy: no' });
      },
    );
  }

  it('the switch does turn off the user and project hooks it governs', async () => {
    const setup = openInterpreterPolicy();
    expect((await runCli(['trust', '--all', '--yes', ...setup.common])).code).toBe(0);
    expect((await cliRun(setup)).systemMessages).toEqual(['user hook ran']);
    setup.sandbox.write('project/.openinterpreter/config.toml', FEATURES_OFF);
    const outcome = await cliRun(setup);
    expect(outcome.runs.map((run) => run.source)).toEqual(['managed']);
    expect(outcome.systemMessages).toEqual([]);
  });

  it('list says exactly what is off, and still lists the managed hooks that run', async () => {
    const setup = openInterpreterPolicy();
    const config = setup.sandbox.write('project/.openinterpreter/config.toml', FEATURES_OFF);
    const text = await runCli(['list', ...setup.common]);
    expect(text.stderr).not.toMatch(CRASH);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('managed hooks:');
    expect(text.stdout).toContain(`user, project and plugin hooks are off: [features] hooks = false in ${config}:2`);
    expect(text.stdout).toContain('managed hooks still run');

    const json = JSON.parse((await runCli(['list', '--json', ...setup.common])).stdout) as {
      enabled: boolean;
      switchedOff: unknown;
      hooks: { source: string; skipReason: string | null; listedOnly: boolean }[];
    };
    expect(json).toMatchObject({ enabled: true, switchedOff: { scope: 'non-managed', file: config, line: 2, column: 1 } });
    // The user hook the switch turned off is listed as off, never as one that runs.
    expect(json.hooks.map((hook) => [hook.source, hook.skipReason, hook.listedOnly])).toEqual([
      ['managed', null, false],
      ['user', 'disabled', true],
    ]);
  });

  it('lint explains the switch leaves managed hooks on', async () => {
    const setup = openInterpreterPolicy();
    setup.sandbox.write('project/.openinterpreter/config.toml', FEATURES_OFF);
    const lint = await runCli(['lint', '--effective', ...setup.common]);
    expect(lint.stdout).toMatch(
      /2:1\s+info\s+user, project and plugin hooks are disabled by \[features\] hooks = false; managed hooks still run .*features-disabled/,
    );
  });

  it('only the managed requirements file itself can switch its hooks off', async () => {
    const setup = openInterpreterPolicy({ managedExtra: FEATURES_OFF });
    const outcome = await cliRun(setup);
    expect(outcome).toMatchObject({ decision: null, blocked: false, runs: [] });
    expect(outcome.warnings.join('\n')).toMatch(/requirements\.toml:2:1: .*every hook, managed ones included/);
    const list = await runCli(['list', '--json', ...setup.common]);
    expect(JSON.parse(list.stdout)).toMatchObject({
      enabled: false,
      switchedOff: { scope: 'all', file: setup.managed, line: 2 },
    });
    // Every hook is listed as off by the managed switch; none runs.
    const hooks = JSON.parse(list.stdout).hooks as { skipReason: string; listedOnly: boolean }[];
    expect(hooks.length).toBeGreaterThan(0);
    expect(hooks.every((hook) => hook.skipReason === 'disabled' && hook.listedOnly)).toBe(true);
  });

  it('a managed [features] hooks = true pins hooks on: a project false is then ignored, and lint says so', async () => {
    const setup = openInterpreterPolicy({ managedExtra: '[features]\nhooks = true\n' });
    setup.sandbox.write('project/.openinterpreter/config.toml', FEATURES_OFF);
    setup.sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    const list = JSON.parse((await runCli(['list', '--json', ...setup.common])).stdout) as {
      switchedOff: unknown;
      hooks: { source: string }[];
    };
    expect(list.switchedOff).toBeNull();
    expect(list.hooks.map((hook) => hook.source)).toEqual(['managed', 'user', 'project']);
    const lint = await runCli(['lint', '--effective', ...setup.common]);
    expect(lint.stdout).toMatch(/ignored: the managed requirements file pins \[features\] hooks = true/);
  });
});

describe('octo: a stray OCTO_HOOK_* variable is not a hook and disables nothing (SPEC 3.1)', () => {
  const STRAY = { OCTO_HOOK_TIMEOUT: '30', OCTO_HOOK_: 'x', OCTO_HOOK_PRETOOLUSE: 'echo typo', OCTO_HOOK_DEBUG: '1' };

  function octoSetup(): { sandbox: TempProject; common: string[] } {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "echo \'user says no\' >&2; exit 2"\n');
    return { sandbox, common: ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home] };
  }

  it('the user hook still blocks through `hookctl run`, and the env hook still runs', async () => {
    const { sandbox, common } = octoSetup();
    const env = { ...STRAY, OCTO_HOOK_SESSION_START: 'echo env-hook-ran' };
    const run = await runCli(['run', 'PreToolUse', ...common], { env, input: JSON.stringify(octoPayload('PreToolUse', sandbox.project)) });
    expect(run.stderr).not.toMatch(CRASH);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', blocked: true, reason: 'user says no' });
    const start = await runCli(['run', 'SessionStart', ...common], {
      env,
      input: JSON.stringify(octoPayload('SessionStart', sandbox.project)),
    });
    expect(JSON.parse(start.stdout)).toMatchObject({ additionalContext: 'env-hook-ran' });
  });

  it('lint and list ignore the strays without an error', async () => {
    const { common } = octoSetup();
    const lint = await runCli(['lint', ...common], { env: STRAY });
    expect(lint.code).toBe(0);
    expect(lint.stdout + lint.stderr).not.toMatch(/OCTO_HOOK_(TIMEOUT|DEBUG|PRETOOLUSE)/);
    const list = await runCli(['list', ...common], { env: STRAY });
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain('Environment hooks');
  });

  it('the library ignores them too, whatever env the host passes', async () => {
    const { sandbox } = octoSetup();
    const engine = await createEngine({
      dialect: 'octo',
      cwd: sandbox.project,
      home: sandbox.home,
      env: { ...STRAY, PATH: process.env.PATH },
    });
    try {
      expect(engine.warnings).toEqual([]);
      const outcome = await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project) as never);
      expect(outcome).toMatchObject({ decision: 'deny', reason: 'user says no' });
    } finally {
      await engine.close();
    }
  });
});
