import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigLoadError, createEngine, loadDialect } from '../../src/index.js';
import { octoPayload } from '../helpers/payloads.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

async function octoEngine(
  yaml: string,
  options: { where?: 'project' | 'user'; env?: Record<string, string>; bypassTrust?: boolean; setup?: (p: TempProject) => void } = {},
) {
  const sandbox = makeTempProject();
  sandbox.write(options.where === 'user' ? 'home/.octo/hooks.yml' : 'project/.octo/hooks.yml', yaml);
  options.setup?.(sandbox);
  const engine = await createEngine({
    dialect: await loadDialect('octo'),
    cwd: sandbox.project,
    home: sandbox.home,
    env: { PATH: process.env.PATH, ...options.env },
    bypassTrust: options.bypassTrust ?? true,
  });
  return { engine, sandbox };
}

async function fire(setup: Awaited<ReturnType<typeof octoEngine>>, event: string, extra: Record<string, unknown> = {}) {
  try {
    return await setup.engine.dispatch(event, octoPayload(event, setup.sandbox.project, extra));
  } finally {
    await setup.engine.close();
  }
}

describe('octo engine, end to end with real hook processes', () => {
  it('runs PreToolUse hooks in order; the first verdict wins and later hooks are skipped as decided', async () => {
    const setup = await octoEngine(`hooks:
  PreToolUse:
    - matcher: terminal
      command: echo first >> order.log
    - matcher: term
      command: 'echo second >> order.log; echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"no\\"}"'
    - command: echo third >> order.log
`);
    const outcome = await fire(setup, 'PreToolUse');
    expect(readFileSync(join(setup.sandbox.project, 'order.log'), 'utf8')).toBe('first\nsecond\n');
    expect(outcome).toMatchObject({ dialect: 'octo', matcherTarget: 'terminal', decision: 'deny', blocked: true, reason: 'no' });
    expect(outcome.runs.map((run) => [run.status, run.skipReason])).toEqual([
      ['completed', null],
      ['blocked', null],
      ['skipped', 'decided'],
    ]);
  });

  it.each([
    ['reason from stdout JSON', `echo '{"decision":"block","reason":"from json"}'; echo noise >&2; exit 2`, 'from json'],
    ['stderr when stdout has no reason', 'echo "guard says no" >&2; exit 2', 'guard says no'],
    ['the fixed text when both are empty', 'exit 2', 'blocked by PreToolUse hook'],
  ])('exit 2 blocks with the %s', async (_name, command, reason) => {
    const setup = await octoEngine(`hooks:\n  PreToolUse:\n    - command: ${JSON.stringify(command)}\n`);
    expect(await fire(setup, 'PreToolUse')).toMatchObject({ decision: 'deny', blocked: true, reason });
  });

  it('keeps only the last 500 characters of a long stderr as the reason', async () => {
    const setup = await octoEngine(
      `hooks:\n  PreToolUse:\n    - command: "head -c 600 /dev/zero | tr '\\\\0' x >&2; printf END >&2; exit 2"\n`,
    );
    const outcome = await fire(setup, 'PreToolUse');
    expect(outcome.reason).toHaveLength(500);
    expect(outcome.reason!.endsWith('END')).toBe(true);
  });

  it('approve means allow; no verdict leaves the decision to the permission engine', async () => {
    const approve = await octoEngine(`hooks:\n  PreToolUse:\n    - command: echo '{"decision":"approve"}'\n`);
    expect(await fire(approve, 'PreToolUse')).toMatchObject({ decision: 'allow', blocked: false });
    const silent = await octoEngine(`hooks:\n  PreToolUse:\n    - command: exit 0\n    - command: exit 1\n`);
    const outcome = await fire(silent, 'PreToolUse');
    expect(outcome).toMatchObject({ decision: null, blocked: false });
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed', 'failed']);
  });

  it('folds context from additional_context or raw stdout, joined by a blank line in order', async () => {
    const setup = await octoEngine(`hooks:
  UserPromptSubmit:
    - command: echo '{"additional_context":"from json"}'
    - command: echo "  raw text  "
    - command: "true"
`);
    expect((await fire(setup, 'UserPromptSubmit')).additionalContext).toBe('from json\n\nraw text');
  });

  it('discards Stop stdout and never blocks on errors of non-gate events', async () => {
    const setup = await octoEngine(`hooks:\n  Stop:\n    - command: echo ignored; exit 3\n`);
    const outcome = await fire(setup, 'Stop');
    expect(outcome).toMatchObject({ blocked: false, additionalContext: null, decision: null });
    expect(outcome.runs[0]!.status).toBe('failed');
  });

  it('runs env-compat and user hooks without trust, and skips an untrusted project file', async () => {
    const setup = await octoEngine(`hooks:\n  SessionStart:\n    - command: echo project\n`, {
      bypassTrust: false,
      env: { OCTO_HOOK_SESSION_START: 'echo from-env' },
      setup: (p) => p.write('home/.octo/hooks.yml', 'hooks:\n  SessionStart:\n    - command: echo user\n'),
    });
    const outcome = await fire(setup, 'SessionStart');
    expect(outcome.runs.map((run) => [run.source, run.status, run.skipReason])).toEqual([
      ['env', 'completed', null],
      ['user', 'completed', null],
      ['project', 'skipped', 'untrusted'],
    ]);
    expect(outcome.additionalContext).toBe('from-env\n\nuser');
  });

  it('activates the built-in memory reminders only when ~/.octo/memory exists', async () => {
    const without = await octoEngine('hooks: {}\n', { where: 'user' });
    expect((await fire(without, 'UserPromptSubmit')).runs).toEqual([]);
    const withMemory = await octoEngine('hooks: {}\n', {
      where: 'user',
      setup: (p) => mkdirSync(join(p.home, '.octo', 'memory'), { recursive: true }),
    });
    const prompt = await withMemory.engine.dispatch('UserPromptSubmit', octoPayload('UserPromptSubmit', withMemory.sandbox.project));
    const post = await fire(withMemory, 'PostToolUse');
    expect(prompt.runs).toEqual([expect.objectContaining({ source: 'builtin', mode: 'in-process', status: 'completed' })]);
    expect(prompt.additionalContext).toMatch(/memory/i);
    expect(post.additionalContext).toMatch(/save/i);
  });

  it('fills the transport of payloads that lack one from the engine option', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  SessionStart:\n    - command: "grep -o \'\\"transport\\":\\"[a-z]*\\"\'"\n');
    const engine = await createEngine({
      dialect: await loadDialect('octo'),
      cwd: sandbox.project,
      home: sandbox.home,
      env: {},
      transport: 'web',
    });
    const { transport: _omitted, ...withoutTransport } = octoPayload('SessionStart', sandbox.project);
    const outcome = await engine.dispatch('SessionStart', withoutTransport);
    await engine.close();
    expect(outcome.additionalContext).toBe('"transport":"web"');
  });

  it('refuses to load a file with hard errors, listing every problem with file:line:col', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'home/.octo/hooks.yml',
      `hooks:
  PreToolUze:
    - command: echo typo
  UserPromptSubmit:
    - command: echo x
      async: true
  Stop:
    - matcher: x
`,
    );
    const error = await createEngine({ dialect: await loadDialect('octo'), cwd: sandbox.project, home: sandbox.home, env: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigLoadError);
    const message = (error as Error).message;
    expect(message).toMatch(/hooks\.yml:2:\d+: .*PreToolUze/);
    expect(message).toMatch(/hooks\.yml:6:\d+: .*async/);
    expect(message).toMatch(/hooks\.yml:8:\d+: .*command/);
    expect((error as ConfigLoadError).findings.length).toBe(3);
  });
});
