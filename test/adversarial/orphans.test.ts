import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { BIN } from '../helpers/run-cli.js';
import {
  DAEMONIZING_HOOK,
  STUBBORN_HOOK,
  eventually,
  lineCount,
  newMarker,
  payloadFor,
  processesGone,
  processesMarked,
  processesUp,
  sandboxWithHooks,
  startCli,
  ALL_DIALECTS,
  type AnyDialectId,
  asyncAllowed,
  eventOf,
} from './helpers.js';

/**
 * SPEC 6.1.6: when hookctl exits — normally, on SIGINT or SIGTERM, on a second Ctrl-C, or because
 * the reader of its stdout went away — no process a hook started is left running, async hooks and
 * grandchildren in the hook's process group included. Every hook here ignores SIGTERM/SIGINT/SIGHUP
 * and starts a grandchild that does too; the process table is checked for their marker afterwards.
 */
const DIALECTS = ALL_DIALECTS;
/** The dialects whose agents run async hooks (on Stop): the async cases exist for them only. */
const ASYNC_DIALECTS = ALL_DIALECTS.filter((dialect) => asyncAllowed(dialect, 'Stop'));
/** `it` where the dialect has async hooks; elsewhere the case is not declared (Gemini CLI runs every hook in line). */
const itAsync = (dialect: AnyDialectId): typeof it | ((name: string, body: () => Promise<void>) => void) =>
  asyncAllowed(dialect, 'Stop') ? it : () => undefined;

function stubbornSetup(dialect: AnyDialectId, event: string, options: { async?: boolean; script?: string; timeout?: number } = {}) {
  const marker = newMarker();
  const scripts = mkdtempSync(join(tmpdir(), 'hookctl-adv-scripts-'));
  cleanup.push(scripts);
  const ready = join(scripts, 'ready');
  const script = join(scripts, 'hook.sh');
  writeFileSync(script, options.script ?? STUBBORN_HOOK, { mode: 0o755 });
  const command = `${script} ${marker} ${ready}`;
  const { sandbox, common } = sandboxWithHooks(dialect, [
    { event, command, async: options.async ?? false, timeout: options.timeout ?? 30 },
  ]);
  const payload = JSON.stringify(payloadFor(dialect, event, sandbox.project));
  return { marker, ready, common, payload, sandbox };
}

const cleanup: string[] = [];
afterEach(() => {
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.each(DIALECTS)('no hook process outlives hookctl (%s)', (dialect) => {
  itAsync(dialect)('SIGINT while `run` waits for an async hook: the hook and its grandchild are gone', async () => {
    const { marker, ready, common, payload } = stubbornSetup(dialect, 'Stop', { async: true });
    const cli = startCli(['run', 'Stop', ...common], { input: payload });
    await eventually(
      () => lineCount(ready),
      (n) => n >= 1,
      15_000,
    );
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    // The outcome is printed before async hooks are awaited: the agent has its answer already.
    await eventually(
      () => cli.stdout(),
      (out) => out.includes('"runs"'),
    );
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    expect(await processesGone(marker)).toEqual([]);
    expect(cli.stderr()).not.toMatch(/\n\s+at /);
  });

  itAsync(dialect)('SIGTERM while `dry-run` waits for an async hook: nothing is left running', async () => {
    const { marker, ready, common, payload } = stubbornSetup(dialect, 'Stop', { async: true });
    const cli = startCli(['dry-run', 'Stop', '--payload', '-', ...common], { input: payload });
    await eventually(
      () => lineCount(ready),
      (n) => n >= 1,
      15_000,
    );
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(143);
    expect(await processesGone(marker)).toEqual([]);
  });

  it('SIGINT while a sync hook runs: the hook is stopped, its grandchild too', async () => {
    const { marker, ready, common, payload } = stubbornSetup(dialect, 'PreToolUse');
    const cli = startCli(['run', eventOf(dialect, 'PreToolUse'), ...common], { input: payload });
    await eventually(
      () => lineCount(ready),
      (n) => n >= 1,
      15_000,
    );
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    expect(await processesGone(marker)).toEqual([]);
  });

  it('a second Ctrl-C within the kill grace ends hookctl at once and still kills every hook process', async () => {
    const { marker, ready, common, payload } = stubbornSetup(dialect, 'PreToolUse');
    const cli = startCli(['dry-run', eventOf(dialect, 'PreToolUse'), '--payload', '-', ...common], { input: payload });
    await eventually(
      () => lineCount(ready),
      (n) => n >= 1,
      15_000,
    );
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    cli.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 100));
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    expect(await processesGone(marker)).toEqual([]);
  });

  itAsync(dialect)('EPIPE on stdout (the agent stopped reading) while async hooks run: nothing is left running', async () => {
    const { marker, ready, common, payload, sandbox } = stubbornSetup(dialect, 'Stop', { async: true });
    const payloadFile = join(sandbox.root, 'payload.json');
    sandbox.write('payload.json', payload);
    // `true` exits at once, so hookctl's write of the outcome meets a closed pipe.
    const shell = spawn(
      'sh',
      ['-c', `"${process.execPath}" "${BIN}" run Stop ${common.map((arg) => `'${arg}'`).join(' ')} < '${payloadFile}' | true; echo done`],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    shell.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await new Promise((resolve) => shell.on('exit', resolve));
    // hookctl has exited when the pipeline has; whatever it started must be gone too.
    expect(lineCount(ready)).toBeLessThanOrEqual(1);
    expect(await processesGone(marker)).toEqual([]);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a sync hook that leaves a background child: the child is gone when `run` exits normally', async () => {
    const { marker, ready, common, payload } = stubbornSetup(dialect, 'PreToolUse', { script: DAEMONIZING_HOOK });
    const cli = startCli(['run', eventOf(dialect, 'PreToolUse'), ...common], { input: payload });
    expect(await cli.exited).toBe(0);
    expect(lineCount(ready)).toBe(1);
    expect(JSON.parse(cli.stdout()).runs[0].status).toBe('completed');
    expect(await processesGone(marker)).toEqual([]);
  });

  it('SIGINT during `hookctl test`: the running case hook is killed', async () => {
    const { marker, ready, common, sandbox } = stubbornSetup(dialect, 'PreToolUse');
    sandbox.write(
      'project/hooks-tests/slow.case.json',
      JSON.stringify({
        event: eventOf(dialect, 'PreToolUse'),
        payload: payloadFor(dialect, 'PreToolUse', '.'),
        expect: { decision: null },
      }),
    );
    const cli = startCli(['test', ...common]);
    await eventually(
      () => lineCount(ready),
      (n) => n >= 1,
      15_000,
    );
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    expect(await processesGone(marker)).toEqual([]);
  });
});

describe.each(DIALECTS)('no hook process outlives `hookctl serve` (%s)', (dialect) => {
  const request = (id: number, event: string, cwd: string) =>
    `${JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'dispatch',
      params: { event: eventOf(dialect, event), payload: payloadFor(dialect, event, cwd) },
    })}\n`;

  itAsync(dialect)(
    'SIGTERM while the server waits for an async hook after end of input: the hook and its grandchild are gone',
    async () => {
      const { marker, ready, common, sandbox } = stubbornSetup(dialect, 'Stop', { async: true });
      const cli = startCli(['serve', ...common], { input: request(1, 'Stop', sandbox.project) });
      await eventually(
        () => lineCount(ready),
        (n) => n >= 1,
        15_000,
      );
      expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
      // The dispatch was answered (the async run is reported as running) before the server was stopped.
      await eventually(
        () => cli.stdout(),
        (out) => out.includes('"running"'),
      );
      expect(JSON.parse(cli.stdout().split('\n')[0]!).result.runs[0].status).toBe('running');
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(143);
      expect(await processesGone(marker)).toEqual([]);
      expect(cli.stderr()).not.toMatch(/\n\s+at /);
    },
  );

  it('SIGINT while a sync hook of a served dispatch runs: the hook and its grandchild are gone', async () => {
    const { marker, ready, common, sandbox } = stubbornSetup(dialect, 'PreToolUse');
    const cli = startCli(['serve', ...common], { input: request(1, 'PreToolUse', sandbox.project) });
    await eventually(
      () => lineCount(ready),
      (n) => n >= 1,
      15_000,
    );
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    expect(await processesGone(marker)).toEqual([]);
  });
});

describe('claude: an asyncRewake hook does not outlive hookctl either', () => {
  it('SIGTERM while `run` waits for an asyncRewake Stop hook: the hook and its grandchild are gone', async () => {
    const { marker, ready, common, sandbox } = stubbornSetup('claude', 'Stop', { async: true });
    // The same stubborn hook, switched to asyncRewake (implies async; an exit 2 would wake the model).
    const managed = common[common.indexOf('--managed') + 1]!;
    writeFileSync(managed, readFileSync(managed, 'utf8').replace('"async":true', '"asyncRewake":true'));
    expect(readFileSync(managed, 'utf8')).toContain('"asyncRewake":true');
    const cli = startCli(['run', 'Stop', ...common], { input: JSON.stringify(payloadFor('claude', 'Stop', sandbox.project)) });
    await eventually(
      () => lineCount(ready),
      (n) => n >= 1,
      15_000,
    );
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    await eventually(
      () => cli.stdout(),
      (out) => out.includes('"runs"'),
    );
    expect(JSON.parse(cli.stdout()).runs[0].status).toBe('running');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(143);
    expect(await processesGone(marker)).toEqual([]);
  });
});

describe('library: engine.close() leaves no hook process behind', () => {
  it.each(ASYNC_DIALECTS)('%s: an async hook past its timeout is killed with its grandchild before close() resolves', async (dialect) => {
    const { marker, sandbox, common } = stubbornSetup(dialect, 'Stop', { async: true, timeout: 1 });
    const managed = common.includes('--managed') ? common[common.indexOf('--managed') + 1] : undefined;
    const engine = await createEngine({
      dialect,
      cwd: sandbox.project,
      home: sandbox.home,
      ...(managed ? { managedConfigPath: managed } : {}),
    });
    const outcome = await engine.dispatch('Stop' as never, payloadFor(dialect, 'Stop', sandbox.project) as never);
    expect(outcome.runs[0]!.status).toBe('running');
    expect((await processesUp(marker, 2)).length).toBeGreaterThanOrEqual(2);
    await engine.close();
    // Checked at once, no polling: close() must not resolve while a SIGKILL is still pending.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(processesMarked(marker)).toEqual([]);
  });
});
