import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/run-cli.js';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { STUBBORN_HOOK, newMarker, payloadFor, processesGone, sandboxWithHooks, type DialectId } from './helpers.js';

/**
 * stdout on a full disk (`hookctl … > /dev/full`): every write fails with ENOSPC. hookctl says so
 * in one line on stderr and exits 2 — no stack trace — and still stops the hooks it started.
 */
function runToDevFull(args: readonly string[], input = ''): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', full, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    closeSync(full);
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(input);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

// `lint` of a repository with no config of its own says so first (the sandbox's hooks are user hooks, outside the repository).
const ONE_LINE = new RegExp(
  String.raw`^(?:hookctl: no hook configuration found in [^\n]*\n)?` +
    String.raw`hookctl: cannot write to standard output: no space left on the device \(ENOSPC\)\n$`,
);

describe.each(['openinterpreter', 'octo'] as DialectId[])('stdout on a full disk (%s)', (dialect) => {
  it.each([['list'], ['fixture', 'PreToolUse'], ['schema', 'PreToolUse'], ['lint', '--format', 'json']])(
    '`hookctl %s > /dev/full` is one line and exit 2',
    async (...args) => {
      const { common } = sandboxWithHooks(dialect, [{ event: 'PreToolUse', command: 'true' }]);
      const result = await runToDevFull([...args, ...common]);
      expect(result.stderr).toMatch(ONE_LINE);
      expect(result.code).toBe(2);
    },
  );

  it('`hookctl run > /dev/full` with an async hook running: one line, exit 2, the hook is stopped', async () => {
    const marker = newMarker();
    const { sandbox } = sandboxWithHooks(dialect, []);
    const script = join(sandbox.root, 'hook.sh');
    const ready = join(sandbox.root, 'ready');
    writeFileSync(script, STUBBORN_HOOK, { mode: 0o755 });
    const hooks = sandboxWithHooks(dialect, [{ event: 'Stop', command: `${script} ${marker} ${ready}`, async: true, timeout: 30 }]);
    const result = await runToDevFull(['run', 'Stop', ...hooks.common], JSON.stringify(payloadFor(dialect, 'Stop', hooks.sandbox.project)));
    expect(result.stderr).toMatch(ONE_LINE);
    expect(result.code).toBe(2);
    // The hook was spawned before the outcome was written; nothing of it may outlive hookctl.
    expect(await processesGone(marker)).toEqual([]);
  });
});
