import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { oiPayload } from '../helpers/payloads.js';
import { isRunning } from '../helpers/processes.js';
import { allGone, killLeftoverServers, pidFrom, startServe } from '../helpers/serve-client.js';
import { sandboxFlags, makeTempProject } from '../helpers/temp-project.js';

afterEach(killLeftoverServers);

/**
 * A project whose hooks record their pids and keep running: a sync PreToolUse hook on `Wait` that
 * starts a grandchild and waits (for `release`, or forever), with the timeout given; and an async
 * Stop hook that sleeps far past any test. Every pid they write must be gone after the server.
 */
function longHooks(syncTimeout = 600, prelude = '') {
  const sandbox = makeTempProject();
  const pidFile = (name: string) => join(sandbox.project, name);
  sandbox.write(
    'project/.openinterpreter/hooks.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Wait',
            hooks: [
              {
                type: 'command',
                timeout: syncTimeout,
                command:
                  `${prelude}echo $$ > sync.pid; sleep 1000 & echo $! > grandchild.pid; ` +
                  'while [ ! -e release ]; do sleep 0.02; done; echo released',
              },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: 'command', async: true, command: 'echo $$ > async.pid; exec sleep 1000' }] }],
      },
    }),
  );
  const server = startServe([
    ...sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'none.toml')),
    '--dangerously-bypass-hook-trust',
  ]);
  const waitDispatch = { event: 'PreToolUse', payload: oiPayload('PreToolUse', sandbox.project, { tool_name: 'Wait' }) };
  const stopDispatch = { event: 'Stop', payload: oiPayload('Stop', sandbox.project) };
  /** Starts the async hook and a sync dispatch that stays in flight; resolves with every hook pid. */
  const startHooks = async () => {
    expect((await server.request('dispatch', stopDispatch)).result.runs).toMatchObject([{ status: 'running' }]);
    const pending = server.request('dispatch', waitDispatch);
    const pids = await Promise.all(['async.pid', 'sync.pid', 'grandchild.pid'].map((name) => pidFrom(pidFile(name))));
    expect(pids.every(isRunning)).toBe(true);
    return { pids, pending };
  };
  return { sandbox, server, startHooks, release: () => writeFileSync(join(sandbox.project, 'release'), '') };
}

describe('hookctl serve: ending', () => {
  it('end of input answers the dispatches in flight, waits for async hooks, and exits 0', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [{ hooks: [{ type: 'command', command: 'while [ ! -e release ]; do sleep 0.02; done; echo released >&2' }] }],
          Stop: [
            {
              hooks: [{ type: 'command', async: true, command: 'while [ ! -e release ]; do sleep 0.02; done; echo done > async-finished' }],
            },
          ],
        },
      }),
    );
    const server = startServe([
      ...sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'none.toml')),
      '--dangerously-bypass-hook-trust',
    ]);
    await server.request('dispatch', { event: 'Stop', payload: oiPayload('Stop', sandbox.project) });
    const pending = server.request('dispatch', { event: 'PreToolUse', payload: oiPayload('PreToolUse', sandbox.project) });
    server.end();
    writeFileSync(join(sandbox.project, 'release'), '');
    expect((await pending).result.runs).toMatchObject([{ status: 'completed', stderr: 'released\n' }]);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(sandbox.project, 'async-finished'))).toBe(true);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s kills every running hook (sync, its grandchild, async) and exits %i', async (signal, code) => {
    const { server, startHooks } = longHooks();
    const { pids, pending } = await startHooks();
    server.child.kill(signal);
    // The dispatch in flight is still answered: its hook was cancelled.
    expect((await pending).result.runs).toMatchObject([{ status: 'failed', error: expect.stringMatching(/cancelled/) }]);
    expect(await server.exited).toEqual({ code, signal: null });
    await allGone(pids);
  });

  it('a hook (and its grandchild) that ignore SIGTERM are killed all the same when the server is stopped', async () => {
    const { server, startHooks } = longHooks(600, "trap '' TERM; ");
    const { pids, pending } = await startHooks();
    server.child.kill('SIGTERM');
    expect((await pending).result.runs).toMatchObject([{ status: 'failed', error: expect.stringMatching(/cancelled/) }]);
    expect(await server.exited).toEqual({ code: 143, signal: null });
    await allGone(pids);
  });

  it('a client that goes away mid-dispatch (input closed, output unread) leaves nothing running', async () => {
    const { server, startHooks, release } = longHooks();
    const { pids, pending } = await startHooks();
    // The client is gone: nobody writes to the server or reads its answers any more.
    server.child.stdout.destroy();
    server.end();
    // The dispatch in flight finishes; writing its answer fails (EPIPE), so nobody is left to wait
    // for: the async hook, which would otherwise run until its timeout, is killed and the server exits.
    release();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The grandchild the finished hook left in its process group included.
    await allGone(pids);
    await expect(pending).rejects.toThrow(/without this answer/);
  });

  it('a client gone while a hook hangs: the hook ends at its timeout, then the server cleans up and exits', async () => {
    const { server, startHooks } = longHooks(1);
    const { pids, pending } = await startHooks();
    server.child.stdout.destroy();
    server.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await allGone(pids);
    await expect(pending).rejects.toThrow(/without this answer/);
  });
});
