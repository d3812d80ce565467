import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { BIN, runCli } from '../helpers/run-cli.js';
import { payloadFor, sandboxWithHooks, type DialectId, type HookSpec } from './helpers.js';

/**
 * SPEC 6.1.4: however many hooks a config declares and however much they print, hookctl neither
 * warns about leaks, nor runs out of file descriptors, nor holds unbounded output.
 */
const MiB = 1024 * 1024;

/** Runs hookctl under a real `ulimit -n`; resolves with its output and peak RSS (from /proc). */
function runLimited(
  args: readonly string[],
  input: string,
  shellLimits: string,
): Promise<{ code: number | null; stdout: string; stderr: string; peakRssKiB: number }> {
  return new Promise((resolve) => {
    const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
    const child = spawn('sh', ['-c', `${shellLimits}; exec "${process.execPath}" "${BIN}" ${quoted}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let peakRssKiB = 0;
    const sample = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakRssKiB = Math.max(peakRssKiB, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // exited
      }
    }, 20);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
    child.on('close', (code) => {
      clearInterval(sample);
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr, peakRssKiB });
    });
  });
}

describe('many hooks do not trip Node’s listener-leak warning', () => {
  it.each([
    ['openinterpreter', 'PreToolUse'],
    ['octo', 'PostToolUse'],
  ] as const)('%s: 12 hooks on %s through the CLI print no MaxListenersExceededWarning', async (dialect, event) => {
    const hooks: HookSpec[] = Array.from({ length: 12 }, (_, i) => ({ event, command: `echo hook ${i} >/dev/null` }));
    hooks.push(...Array.from({ length: 12 }, (_, i) => ({ event: 'Stop', command: `echo async ${i} >/dev/null`, async: true })));
    const { sandbox, common } = sandboxWithHooks(dialect, hooks);
    for (const [command, stopEvent] of [
      ['run', event],
      ['run', 'Stop'],
      ['dry-run', event],
    ] as const) {
      const extra = command === 'dry-run' ? ['--payload', '-'] : [];
      const result = await runCli([command, stopEvent, ...extra, ...common], {
        input: JSON.stringify(payloadFor(dialect, stopEvent, sandbox.project)),
      });
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain('MaxListenersExceededWarning');
    }
  });

  it('library: 15 hooks dispatched with a caller signal, and close() with one, emit no process warning', async () => {
    const hooks: HookSpec[] = Array.from({ length: 15 }, (_, i) => ({ event: 'PreToolUse', command: `echo ${i} >/dev/null` }));
    hooks.push(...Array.from({ length: 15 }, () => ({ event: 'Stop', command: 'true', async: true })));
    const { sandbox, common } = sandboxWithHooks('openinterpreter', hooks);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const engine = await createEngine({
        dialect: 'openinterpreter',
        cwd: sandbox.project,
        home: sandbox.home,
        managedConfigPath: common.at(-1)!,
      });
      const controller = new AbortController();
      // The same signal over many dispatches, as an agent with one session-long signal would pass it.
      for (let i = 0; i < 3; i++) {
        const outcome = await engine.dispatch('PreToolUse', payloadFor('openinterpreter', 'PreToolUse', sandbox.project) as never, {
          signal: controller.signal,
        });
        expect(outcome.runs.every((run) => run.status === 'completed')).toBe(true);
        await engine.dispatch('Stop', payloadFor('openinterpreter', 'Stop', sandbox.project) as never, { signal: controller.signal });
      }
      await engine.close({ signal: controller.signal });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });
});

describe('1,500 handlers on one event do not exhaust file descriptors', () => {
  it.each([
    ['openinterpreter', 1500],
    ['octo', 600],
  ] as const)(
    '%s: %i SessionStart hooks under `ulimit -n 512` all run, reported in configured order',
    async (dialect: DialectId, count: number) => {
      const hooks: HookSpec[] = Array.from({ length: count }, (_, i) => ({ event: 'SessionStart', command: `echo ctx-${i}` }));
      const { sandbox, common } = sandboxWithHooks(dialect, hooks);
      const result = await runLimited(
        ['run', 'SessionStart', ...common],
        JSON.stringify(payloadFor(dialect, 'SessionStart', sandbox.project)),
        'ulimit -n 512',
      );
      expect(result.stderr).not.toContain('EMFILE');
      expect(result.code).toBe(0);
      const outcome = JSON.parse(result.stdout);
      expect(outcome.runs).toHaveLength(count);
      expect(outcome.runs.filter((run: { status: string }) => run.status !== 'completed')).toEqual([]);
      expect(outcome.additionalContext.split('\n\n')).toEqual(hooks.map((_, i) => `ctx-${i}`));
    },
    120_000,
  );
});

describe('the output captured per dispatch is bounded', () => {
  it('64 hooks printing 8 MiB each: the outcome stays under the 16 MiB budget, ' +
    'runs are marked truncated, and a deny still arrives', async () => {
    const flood = 'head -c 8388608 /dev/zero | tr "\\0" a; head -c 8388608 /dev/zero | tr "\\0" b >&2';
    const hooks: HookSpec[] = Array.from({ length: 63 }, () => ({ event: 'PreToolUse', command: flood }));
    // The verdict comes last in configured order and late in time: the floods must not cost it.
    hooks.push({ event: 'PreToolUse', command: 'sleep 0.5; echo "blocked by the managed policy" >&2; exit 2' });
    const { sandbox, common } = sandboxWithHooks('openinterpreter', hooks);
    const result = await runLimited(
      ['run', 'PreToolUse', ...common],
      JSON.stringify(payloadFor('openinterpreter', 'PreToolUse', sandbox.project)),
      'true',
    );
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'blocked by the managed policy' });
    const floods = outcome.runs.slice(0, 63);
    expect(floods.every((run: { truncated: boolean; status: string }) => run.truncated && run.status === 'completed')).toBe(true);
    const captured = outcome.runs.reduce(
      (sum: number, run: { stdout: string; stderr: string }) => sum + run.stdout.length + run.stderr.length,
      0,
    );
    expect(captured).toBeLessThanOrEqual(16 * MiB);
    expect(result.stdout.length).toBeLessThan(17 * MiB);
    // Generous: measured ~150 MiB with the budget, ~440 MiB without it (64 × 1 MiB streams, a 67 MB outcome).
    expect(result.peakRssKiB).toBeLessThan(300 * 1024);
  }, 120_000);
});

describe('the bounds an embedder sets are checked', () => {
  it.each([
    ['maxConcurrentHooks', 0],
    ['maxConcurrentHooks', 1.5],
    ['dispatchOutputLimitBytes', -1],
    ['outputLimitBytes', Number.NaN],
  ])('createEngine({ %s: %s }) rejects with a named error', async (name, value) => {
    const { sandbox } = sandboxWithHooks('octo', []);
    await expect(createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, [name]: value })).rejects.toThrow(
      expect.objectContaining({ name: 'UsageError', message: expect.stringContaining(`engine option ${name} must be a whole number`) }),
    );
  });
});
