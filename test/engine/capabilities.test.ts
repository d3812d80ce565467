import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, loadDialect, type AsyncRunResult, type Dialect, type HandlerRecord } from '../../src/index.js';
import { oiPayload } from '../helpers/payloads.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * The engine capabilities a dialect switches on through HandlerRecord fields (src/kit): a process
 * launch without `sh -c`, an http launch, a selection condition, deduplication, load-time
 * unrunnable handlers, a workspace trust gate, and completion-order rewrites. Each is exercised
 * through the public createEngine with a Dialect value whose loader adjusts openinterpreter's
 * records, so the core is tested without any dialect that uses it yet.
 */
async function engineWith(hooks: unknown, adjust: (record: HandlerRecord, index: number) => HandlerRecord, extra: Partial<Dialect> = {}) {
  const sandbox = makeTempProject();
  sandbox.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks }));
  const base = await loadDialect('openinterpreter');
  const dialect: Dialect = {
    ...base,
    ...extra,
    loadConfig: async (context) => {
      const config = await base.loadConfig(context);
      return { ...config, handlers: config.handlers.map(adjust) };
    },
  };
  const engine = await createEngine({
    dialect,
    cwd: sandbox.project,
    home: sandbox.home,
    managedConfigPath: join(sandbox.root, 'none.toml'),
    bypassTrust: true,
  });
  return { engine, sandbox };
}

const commands = (...list: string[]) => list.map((command) => ({ type: 'command', command }));
const printed = (value: unknown) => `printf '%s' '${JSON.stringify(value)}'`;

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => (server = null)));

/** A real HTTP server on 127.0.0.1 that answers each request with `answer`. */
async function serve(
  answer: (request: IncomingMessage, body: string) => { status: number; body: string; headers?: Record<string, string> },
) {
  const requests: { headers: IncomingMessage['headers']; body: string }[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body });
      const reply = answer(request, body);
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/hook`, requests };
}

describe('engine capabilities a dialect switches on', () => {
  it('a process launch runs argv without a shell: shell syntax in an argument stays literal', async () => {
    const { engine, sandbox } = await engineWith({ Stop: [{ hooks: commands('ignored') }] }, (record) => ({
      ...record,
      launch: { kind: 'process', argv: ['node', '-e', 'process.stdout.write(process.argv[1])', '$HOME; echo injected'] },
    }));
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', handlerType: 'command', stdout: '$HOME; echo injected' });
  });

  it('an http launch POSTs the payload as JSON and reads a 2xx body as the hook stdout', async () => {
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } };
    const { url, requests } = await serve(() => ({ status: 200, body: JSON.stringify(deny) }));
    const { engine, sandbox } = await engineWith({ PreToolUse: [{ hooks: commands(url) }] }, (record) => ({
      ...record,
      type: 'http',
      launch: { kind: 'http', url, headers: { authorization: 'Bearer t' } },
    }));
    const payload = oiPayload('PreToolUse', sandbox.project);
    const outcome = await engine.dispatch('PreToolUse', payload);
    await engine.close();
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(outcome.runs[0]).toMatchObject({ handlerType: 'http', command: url, status: 'blocked', exitCode: 0 });
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]!.body)).toEqual(payload);
    expect(requests[0]!.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer t' });
  });

  it.each([
    [500, '{"error":"boom"}', 'HTTP 500'],
    [302, '', 'HTTP 302'],
  ])('an http answer %i is a failed run with no effect (redirects are not followed)', async (status, body, error) => {
    const { url } = await serve(() => ({
      status,
      body,
      headers: status === 302 ? { location: 'http://127.0.0.1:1/' } : ({} as Record<string, string>),
    }));
    const { engine, sandbox } = await engineWith({ PreToolUse: [{ hooks: commands(url) }] }, (record) => ({
      ...record,
      type: 'http',
      launch: { kind: 'http', url, headers: {} },
    }));
    const outcome = await engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project));
    await engine.close();
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: expect.stringContaining(error) });
  });

  it('an http hook that cannot connect is a failed run naming the cause', async () => {
    const { url } = await serve(() => ({ status: 200, body: '' }));
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
    const { engine, sandbox } = await engineWith({ Stop: [{ hooks: commands(url) }] }, (record) => ({
      ...record,
      type: 'http',
      launch: { kind: 'http', url, headers: {} },
    }));
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/request to http:\/\/127\.0\.0\.1:\d+ failed: .*ECONNREFUSED/),
    });
  });

  it('a condition leaves a handler unselected (not a run); one that cannot decide selects it with a warning', async () => {
    const { engine, sandbox } = await engineWith({ Stop: [{ hooks: commands('true', 'true', 'true') }] }, (record, index) => ({
      ...record,
      condition: {
        source: `c${index}`,
        test: () => (index === 0 ? false : index === 1 ? true : 'could not parse the command; running it'),
      },
    }));
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs.map((run) => run.id)).toEqual(['project:Stop:0:1', 'project:Stop:0:2']);
    expect(outcome.warnings).toContain('hook project:Stop:0:2: could not parse the command; running it');
  });

  it('identical handlers in one dedup scope run once; the later copies are skipped as duplicate', async () => {
    const { engine, sandbox } = await engineWith(
      { Stop: [{ hooks: commands('echo a >> ran.txt', 'echo a >> ran.txt', 'echo b >> ran.txt') }] },
      (record) => ({
        ...record,
        dedup: { scope: 'settings', key: record.command },
      }),
    );
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs.map((run) => [run.status, run.skipReason])).toEqual([
      ['completed', null],
      ['skipped', 'duplicate'],
      ['completed', null],
    ]);
  });

  it('an unrunnable handler is skipped with its reason even under the trust bypass', async () => {
    const { engine, sandbox } = await engineWith({ Stop: [{ hooks: commands('true') }] }, (record) => ({
      ...record,
      type: 'prompt',
      unrunnable: { reason: 'not-runnable', error: "prompt hooks need the agent's model; not run by hookctl" },
    }));
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs[0]).toMatchObject({ status: 'skipped', skipReason: 'not-runnable', handlerType: 'prompt' });
  });

  it('a workspace trust gate skips trusted hooks as workspace-untrusted; the trust bypass lifts it', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks: { Stop: [{ hooks: commands('true') }] } }));
    const base = await loadDialect('openinterpreter');
    const dialect: Dialect = {
      ...base,
      trust: {
        ...base.trust,
        evaluate: async (handlers) =>
          handlers.map(() => ({ status: 'trusted', enabled: true, hash: null, detail: null, gate: 'workspace-untrusted' })),
      },
    };
    const run = async (bypassTrust: boolean) => {
      const engine = await createEngine({
        dialect,
        cwd: sandbox.project,
        home: sandbox.home,
        managedConfigPath: join(sandbox.root, 'none.toml'),
        bypassTrust,
      });
      try {
        return (await engine.dispatch('Stop', oiPayload('Stop', sandbox.project))).runs[0];
      } finally {
        await engine.close();
      }
    };
    expect(await run(false)).toMatchObject({ status: 'skipped', skipReason: 'workspace-untrusted' });
    expect(await run(true)).toMatchObject({ status: 'completed', skipReason: null });
  });

  it('a dispatch preparation gives every hook its environment and adds what it reads back to dialectOutput', async () => {
    const base = await loadDialect('openinterpreter');
    let finished = 0;
    const protocol = {
      ...base.protocol,
      prepareDispatch: async (_event: string, payload: Readonly<Record<string, unknown>>) => ({
        env: { HOOK_SESSION: String(payload.session_id) },
        finish: async () => ({ finishedAfterRuns: ++finished }),
      }),
    };
    const { engine, sandbox } = await engineWith({ Stop: [{ hooks: commands('printf "%s" "$HOOK_SESSION" >&2') }] }, (record) => record, {
      protocol,
    });
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs[0]!.stderr).toBe('test-session');
    expect(outcome.dialectOutput).toEqual({ finishedAfterRuns: 1 });
  });

  it('a shared time budget cuts the timeout of every hook of the dispatch', async () => {
    const base = await loadDialect('openinterpreter');
    const protocol = { ...base.protocol, budgetMs: () => 300 };
    const { engine, sandbox } = await engineWith(
      { Stop: [{ hooks: [{ type: 'command', command: 'sleep 5', timeout: 60 }] }] },
      (record) => record,
      { protocol },
    );
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    // Timed out by the budget (0.3 s), long before its own 60 s; the bound only proves which one fired.
    expect(outcome.runs[0]).toMatchObject({ status: 'timed_out' });
    expect(outcome.runs[0]!.durationMs).toBeLessThan(30_000);
  });

  it('the last rewrite to finish wins by default; rewriteOrder "configured" picks the last configured', async () => {
    const rewrite = (tag: string) =>
      printed({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { tag } } });
    const hooks = { PreToolUse: [{ hooks: commands(`sleep 0.3; ${rewrite('slow')}`, rewrite('fast')) }] };
    const completion = await createEngineFor(hooks, undefined);
    const configured = await createEngineFor(hooks, 'configured');
    // openinterpreter defines its own order (SPEC 2.9: configured), so a dialect that honours the
    // option is needed: this one aggregates with the option it is given.
    expect(completion).toMatchObject({ updatedInput: { tag: 'slow' } });
    expect(configured).toMatchObject({ updatedInput: { tag: 'fast' } });

    async function createEngineFor(config: unknown, rewriteOrder: 'configured' | undefined) {
      const base = await loadDialect('openinterpreter');
      const sandbox = makeTempProject();
      sandbox.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks: config }));
      const dialect: Dialect = {
        ...base,
        protocol: {
          ...base.protocol,
          aggregate: (event, interpreted, options) => {
            const byOrder = options.rewriteOrder === 'completion' ? [...interpreted].sort((a, b) => a.finished - b.finished) : interpreted;
            const last = byOrder.findLast((run) => run.interpretation.effect.updatedInput !== undefined);
            return {
              ...base.protocol.aggregate(event, interpreted, options),
              updatedInput: last?.interpretation.effect.updatedInput ?? null,
            };
          },
        },
      };
      const engine = await createEngine({
        dialect,
        cwd: sandbox.project,
        home: sandbox.home,
        managedConfigPath: join(sandbox.root, 'none.toml'),
        bypassTrust: true,
        ...(rewriteOrder ? { rewriteOrder } : {}),
      });
      try {
        return await engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project));
      } finally {
        await engine.close();
      }
    }
  });

  describe('a chained schedule (Gemini `sequential: true`)', () => {
    // Each hook appends its letter to the command it read and returns that as the rewritten input.
    const append = (letter: string) =>
      `node -e "let t='';process.stdin.on('data',d=>t+=d).on('end',()=>{const p=JSON.parse(t);` +
      `process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:'PreToolUse',permissionDecision:'allow',` +
      `updatedInput:{command:p.tool_input.command+'${letter}'}}}))})"`;
    const chained = {
      mode: 'chained' as const,
      feed: (_event: string, input: Readonly<Record<string, unknown>>, run: { interpretation: { effect: { updatedInput?: unknown } } }) =>
        run.interpretation.effect.updatedInput === undefined
          ? { ...input }
          : { ...input, tool_input: run.interpretation.effect.updatedInput },
    };
    async function dispatchWith(sequential: boolean, feed = chained.feed) {
      const base = await loadDialect('openinterpreter');
      const protocol = {
        ...base.protocol,
        schedule: (_event: string, selected: readonly HandlerRecord[]) =>
          selected.some((handler) => handler.sequential) ? { ...chained, feed } : ('concurrent' as const),
      };
      const { engine, sandbox } = await engineWith(
        { PreToolUse: [{ hooks: commands(append('a'), append('b'), append('c')) }] },
        (record) => (sequential ? { ...record, sequential: true } : record),
        { protocol },
      );
      try {
        return await engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project, { tool_input: { command: 'ls ' } }));
      } finally {
        await engine.close();
      }
    }
    const rewrites = (outcome: { runs: readonly { stdout: string }[] }) =>
      outcome.runs.map((run) => JSON.parse(run.stdout).hookSpecificOutput.updatedInput.command);

    it('runs every selected hook in order, each reading the input the previous one rewrote', async () => {
      const outcome = await dispatchWith(true);
      expect(rewrites(outcome)).toEqual(['ls a', 'ls ab', 'ls abc']);
      expect(outcome.runs.map((run) => run.status)).toEqual(['completed', 'completed', 'completed']);
    });

    it('without the setting the same hooks run concurrently, each reading the dispatched input', async () => {
      expect(rewrites(await dispatchWith(false))).toEqual(['ls a', 'ls b', 'ls c']);
    });

    it('a feed that throws on a run keeps the input it had: the chain goes on, the dispatch does not fail', async () => {
      let calls = 0;
      const outcome = await dispatchWith(true, (event, input, run) => {
        calls++;
        if (calls === 1) throw new Error('cannot read this output');
        return chained.feed(event, input, run);
      });
      expect(rewrites(outcome)).toEqual(['ls a', 'ls b', 'ls bc']);
    });
  });

  it('an event may test matchers against the basename of its matcher field', async () => {
    const base = await loadDialect('openinterpreter');
    const events = base.events.map((spec) => (spec.name === 'PreToolUse' ? { ...spec, matcherTransform: 'basename' as const } : spec));
    const { engine, sandbox } = await engineWith({ PreToolUse: [{ matcher: 'guard', hooks: commands('true') }] }, (record) => record, {
      events,
    });
    const outcome = await engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project, { tool_name: 'tools/bin/guard' }));
    await engine.close();
    expect(outcome.matcherTarget).toBe('guard');
    expect(outcome.runs).toHaveLength(1);
  });

  it("a run's interpretation warnings reach the outcome, prefixed with the hook id, in configured order", async () => {
    const base = await loadDialect('openinterpreter');
    const protocol = {
      ...base.protocol,
      interpret: (event: string, handler: HandlerRecord, result: Parameters<typeof base.protocol.interpret>[2]) => ({
        ...base.protocol.interpret(event, handler, result),
        warnings: [`read ${handler.position.handler}`],
      }),
    };
    const { engine, sandbox } = await engineWith({ Stop: [{ hooks: commands('sleep 0.2', 'true') }] }, (record) => record, { protocol });
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.warnings.filter((warning) => warning.includes(': read '))).toEqual([
      'hook project:Stop:0:0: read 0',
      'hook project:Stop:0:1: read 1',
    ]);
  });

  it('a finished async run is handed to onAsyncEnd with its report and effect', async () => {
    const context = { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'later' } };
    const { engine, sandbox } = await engineWith(
      { SessionStart: [{ hooks: [{ type: 'command', command: printed(context), async: true }] }] },
      (record) => record,
    );
    const results: AsyncRunResult[] = [];
    const outcome = await engine.dispatch('SessionStart', oiPayload('SessionStart', sandbox.project), {
      onAsyncEnd: (result) => results.push(result),
    });
    await engine.close();
    expect(outcome.runs[0]!.status).toBe('running');
    expect(results).toMatchObject([
      { event: 'SessionStart', report: { status: 'completed', exitCode: 0 }, effect: { additionalContext: 'later' } },
    ]);
  });

  it("a record's environment can remove a variable of the agent's (undefined)", async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: commands('printf "%s|%s" "${SECRET-unset}" "$KEPT" >&2') }] } }),
    );
    const base = await loadDialect('openinterpreter');
    const dialect: Dialect = {
      ...base,
      loadConfig: async (context) => {
        const config = await base.loadConfig(context);
        return { ...config, handlers: config.handlers.map((record) => ({ ...record, env: { SECRET: undefined } })) };
      },
    };
    const engine = await createEngine({
      dialect,
      cwd: sandbox.project,
      home: sandbox.home,
      managedConfigPath: join(sandbox.root, 'none.toml'),
      bypassTrust: true,
      env: { PATH: process.env.PATH, SECRET: 's', KEPT: 'k' },
    });
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs[0]!.stderr).toBe('unset|k');
  });

  it("a dispatch preparation sees the agent's environment and home, may move the run dir, and budgetMs sees the same", async () => {
    const base = await loadDialect('openinterpreter');
    const seen: unknown[] = [];
    const protocol = {
      ...base.protocol,
      prepareDispatch: async (
        _event: string,
        _payload: Readonly<Record<string, unknown>>,
        info: { env: Readonly<Record<string, string | undefined>>; home: string; cwd: string; projectDir: string },
      ) => {
        seen.push({ marker: info.env.MARKER, home: info.home, cwd: info.cwd });
        return { env: {}, cwd: info.home, finish: async () => null };
      },
      budgetMs: (_event: string, _selected: readonly HandlerRecord[], info: { env: Readonly<Record<string, string | undefined>> }) => {
        seen.push({ budgetMarker: info.env.MARKER });
        return null;
      },
    };
    const sandbox = makeTempProject();
    sandbox.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks: { Stop: [{ hooks: commands('pwd >&2') }] } }));
    const engine = await createEngine({
      dialect: { ...base, protocol },
      cwd: sandbox.project,
      home: sandbox.home,
      managedConfigPath: join(sandbox.root, 'none.toml'),
      bypassTrust: true,
      env: { PATH: process.env.PATH, MARKER: 'm' },
    });
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(seen).toEqual([{ marker: 'm', home: sandbox.home, cwd: sandbox.project }, { budgetMarker: 'm' }]);
    expect(outcome.runs[0]!.stderr).toBe(`${sandbox.home}\n`);
  });

  it("a switch that turns a handler off at load is a skipped run carrying the switch's words", async () => {
    const { engine, sandbox } = await engineWith({ Stop: [{ hooks: commands('true') }] }, (record) => ({
      ...record,
      unrunnable: { reason: 'disabled', error: 'disableAllHooks is true in settings.json' },
    }));
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', sandbox.project));
    await engine.close();
    expect(outcome.runs[0]).toMatchObject({ status: 'skipped', skipReason: 'disabled', error: 'disableAllHooks is true in settings.json' });
  });
});
