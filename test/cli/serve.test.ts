import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { oiPayload } from '../helpers/payloads.js';
import { runCli } from '../helpers/run-cli.js';
import { eventually, killLeftoverServers, startServe, type RpcResponse } from '../helpers/serve-client.js';
import { sandboxFlags, makeTempProject, type TempProject } from '../helpers/temp-project.js';

afterEach(killLeftoverServers);

const DENY_OUTPUT = {
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm here' },
};
const DENY = `echo '${JSON.stringify(DENY_OUTPUT)}'`;

/** An openinterpreter project whose hooks are trusted: a guard on Bash, a waiter on `Slow`, an audit on Stop. */
async function guardedProject(): Promise<{ sandbox: TempProject; common: string[] }> {
  const sandbox = makeTempProject();
  sandbox.write(
    'project/.openinterpreter/hooks.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', id: 'guard', command: DENY }] },
          // Waits for the test to create `release`: a dispatch that stays in flight as long as the test wants.
          {
            matcher: 'Slow',
            hooks: [{ type: 'command', id: 'waiter', command: 'while [ ! -e release ]; do sleep 0.02; done; echo released >&2' }],
          },
        ],
        Stop: [{ hooks: [{ type: 'command', id: 'audit', command: 'cat > stop-payload.json' }] }],
      },
    }),
  );
  const common = [...sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'no-requirements.toml'))];
  const trusted = await runCli(['trust', '--all', '--yes', ...common]);
  expect(trusted.code, trusted.stderr).toBe(0);
  return { sandbox, common };
}

/** An outcome with its timings zeroed, for comparing two runs of the same hooks. */
function untimed(outcome: any): any {
  return { ...outcome, runs: outcome.runs.map((run: any) => ({ ...run, durationMs: 0 })) };
}

describe('hookctl serve: methods', () => {
  it('dispatch answers with exactly the outcome `hookctl run` prints for the same payload (runtime tolerance included)', async () => {
    const { sandbox, common } = await guardedProject();
    // A permission mode from a newer agent: dispatched all the same, with a warning (SPEC 4.1).
    const payload = oiPayload('PreToolUse', sandbox.project, { tool_input: { command: 'rm -rf /' }, permission_mode: 'autopilot' });
    const server = startServe(common);
    const response = await server.request('dispatch', { event: 'PreToolUse', payload });
    const run = await runCli(['run', 'PreToolUse', ...common], { input: JSON.stringify(payload) });
    expect(run.code, run.stderr).toBe(0);
    expect(response).toEqual({ jsonrpc: '2.0', id: 1, result: expect.any(Object) });
    expect(untimed(response.result)).toEqual(untimed(JSON.parse(run.stdout)));
    expect(response.result).toMatchObject({ decision: 'deny', reason: 'no rm here', runs: [{ id: 'guard', status: 'blocked' }] });
    expect(response.result.warnings).toEqual([expect.stringMatching(/^payload \/permission_mode: /)]);
  });

  it('dispatch passes matcherAliases to selection', async () => {
    const { sandbox, common } = await guardedProject();
    const server = startServe(common);
    const payload = oiPayload('PreToolUse', sandbox.project, { tool_name: 'shell' });
    const plain = await server.request('dispatch', { event: 'PreToolUse', payload });
    const aliased = await server.request('dispatch', { event: 'PreToolUse', payload, matcherAliases: ['Bash'] });
    expect(plain.result).toMatchObject({ decision: null, runs: [] });
    expect(aliased.result).toMatchObject({ decision: 'deny', runs: [{ id: 'guard' }] });
  });

  it('list answers with exactly the `hookctl list --json` object', async () => {
    const { common } = await guardedProject();
    const server = startServe(common);
    const response = await server.request('list');
    const listed = await runCli(['list', '--json', ...common]);
    expect(response.result).toEqual(JSON.parse(listed.stdout));
    expect(response.result.hooks.map((hook: any) => `${hook.id} ${hook.trust}`)).toEqual([
      'guard trusted',
      'waiter trusted',
      'audit trusted',
    ]);
  });

  it('shutdown waits for async hooks, answers null, and the process exits 0', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({
        hooks: {
          Stop: [
            { hooks: [{ type: 'command', async: true, command: 'while [ ! -e go ]; do sleep 0.02; done; echo done > async-finished' }] },
          ],
        },
      }),
    );
    const server = startServe([
      ...sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'none.toml')),
      '--dangerously-bypass-hook-trust',
    ]);
    const stop = await server.request('dispatch', { event: 'Stop', payload: oiPayload('Stop', sandbox.project) });
    expect(stop.result.runs).toMatchObject([{ mode: 'async', status: 'running' }]);
    const shutdown = server.request('shutdown');
    // A request after shutdown is refused: the server is draining, and shutdown is not answered
    // yet because the async hook waits for `go`.
    expect((await server.request('list')).error).toEqual({
      code: -32000,
      message: 'the server is shutting down and takes no new requests',
    });
    expect(server.responses.map((response) => response.id)).toEqual([1, 3]);
    writeFileSync(join(sandbox.project, 'go'), '');
    expect(await shutdown).toEqual({ jsonrpc: '2.0', id: 2, result: null });
    expect(existsSync(join(sandbox.project, 'async-finished'))).toBe(true);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('refuses to start on a configuration that does not load, like `hookctl run` (exit 2, nothing on stdout)', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUze:\n    - command: echo hi\n');
    const server = startServe(['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home]);
    expect(await server.exited).toEqual({ code: 2, signal: null });
    expect(server.responses).toEqual([]);
    expect(server.stderr()).toMatch(/^hookctl: hook configuration has 1 error; nothing was loaded:\n .*hooks\.yml:2:3: .*PreToolUze/);
  });
});

describe('hookctl serve: errors keep the server serving', () => {
  it('answers a line that is not JSON with -32700 and id null', async () => {
    const { common } = await guardedProject();
    const server = startServe(common);
    server.write('{"jsonrpc":"2.0","id":1,"method":\n');
    const error = await server.waitForResponse((response) => response.error?.code === -32700);
    expect(error).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^parse error: /) } });
    expect((await server.request('list')).result.dialect).toBe('openinterpreter');
  });

  it.each([
    [
      'an array (batch)',
      '[{"jsonrpc":"2.0","id":1,"method":"list"}]',
      null,
      'batch requests are not supported; send one request object per line',
    ],
    ['a number', '42', null, 'a request must be a JSON object'],
    ['no "jsonrpc"', '{"id":7,"method":"list"}', 7, '"jsonrpc" must be "2.0"'],
    ['a method that is not a string', '{"jsonrpc":"2.0","id":"x","method":3}', 'x', '"method" must be a string'],
    ['an object id', '{"jsonrpc":"2.0","id":{},"method":"list"}', null, '"id" must be a string, a number or null'],
  ])('answers %s with -32600', async (_name, line, id, message) => {
    const { common } = await guardedProject();
    const server = startServe(common);
    server.write(`${line}\n`);
    expect(await server.waitForResponse((response) => response.error?.code === -32600)).toEqual({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message },
    });
    expect((await server.request('list')).result.dialect).toBe('openinterpreter');
  });

  it('answers an unknown method with -32601, naming the methods', async () => {
    const { common } = await guardedProject();
    const server = startServe(common);
    expect(await server.request('dispach', {})).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'unknown method "dispach"; did you mean "dispatch"?' },
    });
    expect((await server.request('reload')).error).toEqual({
      code: -32601,
      message: 'unknown method "reload"; the methods are dispatch, list, shutdown',
    });
    expect((await server.request('list')).result.dialect).toBe('openinterpreter');
  });

  it.each([
    [
      'an unknown event',
      { event: 'PreToolUze', payload: {} },
      'unknown openinterpreter event "PreToolUze"; did you mean "PreToolUse"?',
      { param: 'event' },
    ],
    [
      'a payload that is not an object',
      { event: 'PreToolUse', payload: [] },
      'params.payload must be a JSON object (the event payload the agent would send the hook)',
      { param: 'payload' },
    ],
    ['a missing event', { payload: {} }, 'params.event must be a string naming the event, e.g. "PreToolUse"', { param: 'event' }],
    [
      'a misspelt param',
      { event: 'Stop', payload: {}, matcherAlias: ['Bash'] },
      'unknown dispatch param "matcherAlias"; did you mean "matcherAliases"?',
      { param: 'matcherAlias' },
    ],
    [
      'matcherAliases that are not strings',
      { event: 'Stop', payload: {}, matcherAliases: [1] },
      'params.matcherAliases must be an array of strings',
      { param: 'matcherAliases' },
    ],
  ])('answers %s with -32602 naming the problem', async (_name, params, message, data) => {
    const { common } = await guardedProject();
    const server = startServe(common);
    expect(await server.request('dispatch', params)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message, data } });
    expect((await server.request('list')).result.dialect).toBe('openinterpreter');
  });

  it('answers a payload whose matcher target is not a string with -32602 and the validator paths', async () => {
    const { sandbox, common } = await guardedProject();
    const server = startServe(common);
    const response = await server.request('dispatch', {
      event: 'PreToolUse',
      payload: oiPayload('PreToolUse', sandbox.project, { tool_name: 42 }),
    });
    expect(response.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^invalid PreToolUse payload:\n {2}\/tool_name: /),
      data: { param: 'payload' },
    });
    expect(response.error!.data.errors).toContainEqual(expect.objectContaining({ path: '/tool_name' }));
  });

  it('carries a payload and an updatedInput nested 50,000 levels deep (no stack overflow anywhere)', async () => {
    const sandbox = makeTempProject();
    const deepText = `${'['.repeat(50_000)}"bottom"${']'.repeat(50_000)}`;
    // JSON.stringify itself gives up at this depth, so the texts are written by hand.
    sandbox.write(
      'project/deep-output.json',
      `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow",` +
        `"updatedInput":{"command":"ls","deep":${deepText}}}}`,
    );
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'cat deep-output.json' }] }] } }),
    );
    const server = startServe([
      ...sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'none.toml')),
      '--dangerously-bypass-hook-trust',
    ]);
    const payload = JSON.stringify(oiPayload('PreToolUse', sandbox.project, { tool_input: '@' })).replace(
      '"@"',
      `{"command":"ls","deep":${deepText}}`,
    );
    server.write(`{"jsonrpc":"2.0","id":"deep","method":"dispatch","params":{"event":"PreToolUse","payload":${payload}}}\n`);
    const response = await server.waitForResponse((answer) => answer.id === 'deep');
    expect(response.result).toMatchObject({ decision: 'allow', updatedInput: { command: 'ls' } });
    let depth = 0;
    for (let value: unknown = response.result.updatedInput.deep; Array.isArray(value); value = value[0]) depth++;
    expect(depth).toBe(50_000);
  });

  it('answers params on list or shutdown with -32602', async () => {
    const { common } = await guardedProject();
    const server = startServe(common);
    expect((await server.request('list', { all: true })).error).toEqual({ code: -32602, message: 'list takes no params' });
    expect((await server.request('shutdown', [1])).error).toEqual({ code: -32602, message: 'shutdown takes no params' });
    expect((await server.request('list', {})).result.dialect).toBe('openinterpreter');
  });

  it('discards a line longer than 64 MiB unread with -32700, and serves the next line', async () => {
    const { common } = await guardedProject();
    const server = startServe(common);
    server.write(`{"jsonrpc":"2.0","id":1,"method":"list","params":{"x":"${'a'.repeat(64 * 1024 * 1024)}"}}\n`);
    const error = await server.waitForResponse((response) => response.error?.code === -32700);
    expect(error).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'request line longer than 64 MiB; it was discarded unread' },
    });
    expect((await server.request('list')).id).toBe(1);
  });
});

describe('hookctl serve: framing', () => {
  it('takes \\r\\n line ends, skips blank lines, and answers "id": null as a request', async () => {
    const { common } = await guardedProject();
    const server = startServe(common);
    server.write('\n  \r\n{"jsonrpc":"2.0","id":"crlf","method":"list"}\r\n\n{"jsonrpc":"2.0","id":null,"method":"list"}\n');
    expect((await server.waitForResponse((response) => response.id === 'crlf')).result.dialect).toBe('openinterpreter');
    expect((await server.waitForResponse((response) => response.id === null)).result.dialect).toBe('openinterpreter');
    expect(server.responses).toHaveLength(2);
  });

  it('a shutdown notification ends the server (exit 0) without an answer', async () => {
    const { common } = await guardedProject();
    const server = startServe(common);
    server.write('{"jsonrpc":"2.0","method":"shutdown"}\n');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.responses).toEqual([]);
  });
});

describe('hookctl serve: notifications and pipelining', () => {
  it('runs a notification and answers nothing; a failed one is logged on stderr only', async () => {
    const { sandbox, common } = await guardedProject();
    const server = startServe(common);
    server.write(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'dispatch', params: { event: 'Stop', payload: oiPayload('Stop', sandbox.project) } })}\n`,
    );
    server.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'no-such-method' })}\n`);
    await eventually(() => existsSync(join(sandbox.project, 'stop-payload.json')), 'the notified Stop hook to run');
    await eventually(() => server.stderr().includes('notification "no-such-method" failed'), 'the failed notification in the log');
    const list = await server.request('list');
    expect(server.responses).toEqual([list]);
    expect(server.stderr()).toContain(
      'hookctl serve: notification "no-such-method" failed: unknown method "no-such-method"; the methods are dispatch, list, shutdown\n',
    );
  });

  it('runs pipelined dispatches concurrently and answers each by its id, in completion order', async () => {
    const { sandbox, common } = await guardedProject();
    const server = startServe(common);
    const payload = (tool: string) => oiPayload('PreToolUse', sandbox.project, { tool_name: tool });
    // All three lines go out before any answer comes back.
    server.write(
      `${[
        { id: 'slow', tool: 'Slow' },
        { id: 'fast-1', tool: 'Bash' },
        { id: 'fast-2', tool: 'Bash' },
      ]
        .map(({ id, tool }) =>
          JSON.stringify({ jsonrpc: '2.0', id, method: 'dispatch', params: { event: 'PreToolUse', payload: payload(tool) } }),
        )
        .join('\n')}\n`,
    );
    const fast = await Promise.all(['fast-1', 'fast-2'].map((id) => server.waitForResponse((response) => response.id === id)));
    expect(fast.map((response) => response.result.decision)).toEqual(['deny', 'deny']);
    // The slow dispatch is still running: its hook waits for `release`.
    expect(server.responses.map((response: RpcResponse) => response.id)).not.toContain('slow');
    writeFileSync(join(sandbox.project, 'release'), '');
    const slow = await server.waitForResponse((response) => response.id === 'slow');
    expect(slow.result).toMatchObject({ decision: null, runs: [{ id: 'waiter', status: 'completed', stderr: 'released\n' }] });
    // Answered in completion order, not request order.
    expect(new Set(server.responses.slice(0, 2).map((response) => response.id))).toEqual(new Set(['fast-1', 'fast-2']));
    expect(server.responses.map((response) => response.id)).toHaveLength(3);
    expect(server.responses[2]!.id).toBe('slow');
  });
});
