import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BYPASS_TRUST_WARNING,
  createEngine,
  DuplicateHookIdError,
  InProcessNotAllowedError,
  loadDialect,
  PayloadValidationError,
  UnknownEventError,
  type Engine,
} from '../../src/index.js';
import { oiPayload } from '../helpers/payloads.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/** An engine over a temp project whose `.openinterpreter/hooks.json` holds `hooks`. */
async function engineWith(hooks: unknown, options: { bypassTrust?: boolean; setup?: (p: TempProject) => void } = {}) {
  const sandbox = makeTempProject();
  sandbox.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks }, null, 2));
  options.setup?.(sandbox);
  const engine = await createEngine({
    dialect: await loadDialect('openinterpreter'),
    cwd: sandbox.project,
    home: sandbox.home,
    managedConfigPath: join(sandbox.root, 'no-managed.toml'),
    bypassTrust: options.bypassTrust ?? true,
  });
  return { engine, sandbox };
}

const group = (matcher: string | undefined, ...commands: (string | Record<string, unknown>)[]) => ({
  ...(matcher === undefined ? {} : { matcher }),
  hooks: commands.map((command) => (typeof command === 'string' ? { type: 'command', command } : { type: 'command', ...command })),
});

const json = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;

async function dispatch(engine: Engine, event: string, cwd: string, extra: Record<string, unknown> = {}) {
  try {
    return await engine.dispatch(event, oiPayload(event, cwd, extra));
  } finally {
    await engine.close();
  }
}

describe('openinterpreter engine, end to end with real hook processes', () => {
  it('denies PreToolUse from hookSpecificOutput and reports every field of the outcome', async () => {
    const deny = json({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm -rf' },
    });
    const { engine, sandbox } = await engineWith({ PreToolUse: [group('Bash', deny)] });
    const outcome = await dispatch(engine, 'PreToolUse', sandbox.project);
    expect(outcome).toMatchObject({
      dialect: 'openinterpreter',
      event: 'PreToolUse',
      matcherTarget: 'Bash',
      decision: 'deny',
      blocked: true,
      reason: 'no rm -rf',
      stop: false,
      stopReason: null,
      additionalContext: null,
      updatedInput: null,
      updatedInputFrom: null,
      systemMessages: [],
      dialectOutput: null,
    });
    expect(outcome.runs).toEqual([
      expect.objectContaining({
        id: 'project:PreToolUse:0:0',
        source: 'project',
        file: '.openinterpreter/hooks.json',
        line: expect.any(Number),
        matcher: 'Bash',
        handlerType: 'command',
        mode: 'sync',
        status: 'blocked',
        skipReason: null,
        exitCode: 0,
        signal: null,
        truncated: false,
        error: null,
      }),
    ]);
    expect(Object.keys(outcome).sort()).toEqual(
      [
        'additionalContext',
        'blocked',
        'decision',
        'dialect',
        'dialectOutput',
        'event',
        'matcherTarget',
        'reason',
        'runs',
        'stop',
        'stopReason',
        'systemMessages',
        'updatedInput',
        'updatedInputFrom',
        'warnings',
      ].sort(),
    );
  });

  it('exit 2 on PreToolUse denies with stderr as the reason', async () => {
    const { engine, sandbox } = await engineWith({ PreToolUse: [group(undefined, "echo 'refusing rm -rf' >&2; exit 2")] });
    const outcome = await dispatch(engine, 'PreToolUse', sandbox.project);
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'refusing rm -rf' });
    expect(outcome.runs[0]).toMatchObject({ status: 'blocked', exitCode: 2, stderr: 'refusing rm -rf\n' });
  });

  it('runs sync handlers concurrently and reports them in configured order', async () => {
    // Each hook marks its arrival, then waits for the other's mark: run one after the other, the first would time out.
    const rendezvous = (me: string, other: string) =>
      `touch ${me}; i=0; while [ ! -e ${other} ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done; [ -e ${other} ] && echo ${me}`;
    const { engine, sandbox } = await engineWith({ SessionStart: [group(undefined, rendezvous('a', 'b'), rendezvous('b', 'a'))] });
    const outcome = await dispatch(engine, 'SessionStart', sandbox.project);
    expect(outcome.runs.map((run) => [run.status, run.stdout.trim()])).toEqual([
      ['completed', 'a'],
      ['completed', 'b'],
    ]);
    expect(outcome.additionalContext).toBe('a\n\nb');
  });

  it('takes updatedInput from the last rewriting handler in configured order and names it', async () => {
    const rewrite = (command: string) =>
      json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command } } });
    const { engine, sandbox } = await engineWith({
      PreToolUse: [group('Bash', { command: rewrite('first'), id: 'first' }, { command: `sleep 0.2; ${rewrite('second')}`, id: 'second' })],
    });
    const outcome = await dispatch(engine, 'PreToolUse', sandbox.project);
    expect(outcome).toMatchObject({ decision: 'allow', updatedInput: { command: 'second' }, updatedInputFrom: 'second' });
  });

  it('matches tool aliases and request aliases, running a handler once even when several names match', async () => {
    const { engine, sandbox } = await engineWith({
      PreToolUse: [group('Edit|Write', 'echo edit-or-write'), group('^mcp__fs', 'echo aliased')],
    });
    const outcome = await engine.dispatch(
      'PreToolUse',
      oiPayload('PreToolUse', sandbox.project, { tool_name: 'apply_patch', tool_input: { patch: '' } }),
      { matcherAliases: ['mcp__fs__write'] },
    );
    await engine.close();
    expect(outcome.matcherTarget).toBe('apply_patch');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo edit-or-write', 'echo aliased']);
  });

  it('an exact matcher does not match a longer tool name', async () => {
    const { engine, sandbox } = await engineWith({ PreToolUse: [group('Bash', 'exit 0')] });
    const outcome = await dispatch(engine, 'PreToolUse', sandbox.project, { tool_name: 'BashOutput' });
    expect(outcome.runs).toEqual([]);
  });

  it('skips untrusted project hooks without bypass, and runs them with the SPEC warning under bypass', async () => {
    const hooks = { PreToolUse: [group(undefined, 'echo ran >&2; exit 2')] };
    const guarded = await engineWith(hooks, { bypassTrust: false });
    const skipped = await dispatch(guarded.engine, 'PreToolUse', guarded.sandbox.project);
    expect(skipped.runs).toEqual([expect.objectContaining({ status: 'skipped', skipReason: 'untrusted', exitCode: null })]);
    expect(skipped.decision).toBeNull();
    expect(guarded.engine.handlers[0]!.trust.status).toBe('untrusted');

    const bypassed = await engineWith(hooks, { bypassTrust: true });
    const ran = await dispatch(bypassed.engine, 'PreToolUse', bypassed.sandbox.project);
    expect(ran.decision).toBe('deny');
    expect(ran.warnings).toContain(BYPASS_TRUST_WARNING);
  });

  it('fails closed when an onFailure:abort guard fails', async () => {
    const { engine, sandbox } = await engineWith({
      PreToolUse: [group(undefined, { command: 'exit 7', id: 'guard', onFailure: 'abort' })],
    });
    const outcome = await dispatch(engine, 'PreToolUse', sandbox.project);
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true });
    expect(outcome.reason).toMatch(/^hook guard failed: /);
    expect(outcome.runs[0]!.status).toBe('failed');
  });

  it('detaches async handlers: reported as running, awaited by close()', async () => {
    const { engine, sandbox } = await engineWith({
      Stop: [group(undefined, { command: 'sleep 0.3; echo done > async.out', async: true })],
    });
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    expect(outcome.runs[0]).toMatchObject({ mode: 'async', status: 'running' });
    expect(outcome.blocked).toBe(false);
    await engine.close();
    expect(readFileSync(join(sandbox.project, 'async.out'), 'utf8')).toBe('done\n');
  });

  it(
    'with strictPayload, rejects an invalid payload with a named error listing the paths; ' + 'an unknown event with a suggestion',
    async () => {
      const sandbox = makeTempProject();
      const engine = await createEngine({
        dialect: 'openinterpreter',
        cwd: sandbox.project,
        home: sandbox.home,
        managedConfigPath: join(sandbox.root, 'none.toml'),
        strictPayload: true,
      });
      const bad = oiPayload('PreToolUse', sandbox.project, { permission_mode: 'yolo' });
      delete bad.session_id;
      const error = await engine.dispatch('PreToolUse', bad as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayloadValidationError);
      expect((error as PayloadValidationError).errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/permission_mode']));
      expect((error as Error).message).toContain('session_id');
      await expect(engine.dispatch('PreToolUze' as never, {} as never)).rejects.toThrow(UnknownEventError);
      await expect(engine.dispatch('PreToolUze' as never, {} as never)).rejects.toThrow(/did you mean "PreToolUse"/);
    },
  );

  it('reports each run to onRunStart/onRunEnd with its status message', async () => {
    const { engine, sandbox } = await engineWith({
      UserPromptSubmit: [group(undefined, { command: 'exit 0', statusMessage: 'Scanning prompt' })],
    });
    const started: unknown[] = [];
    const ended: unknown[] = [];
    await engine.dispatch('UserPromptSubmit', oiPayload('UserPromptSubmit', sandbox.project), {
      onRunStart: (run) => started.push(run),
      onRunEnd: (report) => ended.push(report.status),
    });
    await engine.close();
    expect(started).toEqual([expect.objectContaining({ statusMessage: 'Scanning prompt', command: 'exit 0', mode: 'sync' })]);
    expect(ended).toEqual(['completed']);
  });

  it('cancels running hooks when the dispatch signal aborts', async () => {
    const { engine, sandbox } = await engineWith({ SessionStart: [group(undefined, 'sleep 30')] });
    const controller = new AbortController();
    const pending = engine.dispatch('SessionStart', oiPayload('SessionStart', sandbox.project), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const outcome = await pending;
    await engine.close();
    expect(outcome.runs[0]!.status).toBe('failed');
    expect(outcome.runs[0]!.error).toMatch(/cancel/);
  });

  it('runs host in-process hooks, but refuses them on PreToolUse', async () => {
    const { engine, sandbox } = await engineWith({});
    engine.registerInProcess('UserPromptSubmit', (payload) => `prompt was ${String(payload.prompt)}`, 'host:echo-prompt');
    expect(() => engine.registerInProcess('PreToolUse', () => undefined)).toThrow(InProcessNotAllowedError);
    expect(() => engine.registerInProcess('Stop', () => undefined, 'host:echo-prompt')).toThrow(DuplicateHookIdError);
    engine.registerInProcess('UserPromptSubmit', () => 'timeout', 'host:says-timeout');
    const outcome = await dispatch(engine, 'UserPromptSubmit', sandbox.project);
    expect(outcome.additionalContext).toBe('prompt was hello\n\ntimeout');
    expect(outcome.runs[0]).toMatchObject({ id: 'host:echo-prompt', mode: 'in-process', status: 'completed' });
  });

  it('gives plugin hooks PLUGIN_ROOT and PLUGIN_DATA, creating the data dir on demand', async () => {
    const { engine, sandbox } = await engineWith(
      {},
      {
        setup: (p) => {
          p.write('home/.openinterpreter/config.toml', '[plugins.audit]\nenabled = true\n');
          p.write(
            'home/.openinterpreter/plugins/audit/hooks/hooks.json',
            JSON.stringify({ hooks: { SessionStart: [group(undefined, 'echo "$PLUGIN_ROOT ${PLUGIN_DATA}"; test -d "$PLUGIN_DATA"')] } }),
          );
        },
      },
    );
    const outcome = await dispatch(engine, 'SessionStart', sandbox.project);
    const root = join(sandbox.home, '.openinterpreter', 'plugins', 'audit');
    const data = join(sandbox.home, '.openinterpreter', 'plugin-data', 'audit');
    expect(outcome.runs[0]).toMatchObject({ source: 'plugin', status: 'completed', exitCode: 0 });
    expect(outcome.additionalContext).toBe(`${root} ${data}`);
    expect(existsSync(data)).toBe(true);
  });

  it('does nothing when [features] hooks = false, and says so', async () => {
    const { engine, sandbox } = await engineWith(
      { SessionStart: [group(undefined, 'echo should-not-run')] },
      {
        setup: (p) => p.write('project/.openinterpreter/config.toml', '[features]\nhooks = false\n'),
      },
    );
    expect(engine.enabled).toBe(false);
    const outcome = await dispatch(engine, 'SessionStart', sandbox.project);
    expect(outcome.runs).toEqual([]);
    expect(outcome.warnings.join('\n')).toMatch(/disabled/);
  });
});
