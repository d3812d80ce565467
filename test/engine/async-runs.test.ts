import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AsyncRuns } from '../../src/engine/async-runs.js';
import { runCommand } from '../../src/engine/run-command.js';
import type { RunResult } from '../../src/kit/run-result.js';
import { makeTempProject } from '../helpers/temp-project.js';

function commandRun(command: string, cwd: string, timeoutMs: number, results: RunResult[]) {
  return (signal: AbortSignal) =>
    runCommand({
      command,
      stdin: '{}',
      cwd,
      env: { PATH: process.env.PATH },
      timeoutMs,
      outputLimitBytes: 1024,
      signal,
      killGraceMs: 200,
    }).then((result) => {
      results.push(result);
    });
}

describe('AsyncRuns', () => {
  it('closes at once when nothing was started', async () => {
    await new AsyncRuns().close();
  });

  it('waits for a detached run that finishes within its timeout', async () => {
    const project = makeTempProject();
    const marker = join(project.root, 'finished');
    const runs = new AsyncRuns();
    const results: RunResult[] = [];
    runs.start('slow-writer', 10_000, commandRun(`sleep 0.3; echo done > '${marker}'`, project.project, 10_000, results));
    expect(runs.running()).toEqual(['slow-writer']);
    expect(existsSync(marker)).toBe(false);

    await runs.close();

    expect(readFileSync(marker, 'utf8')).toBe('done\n');
    expect(results).toMatchObject([{ exitCode: 0, error: null }]);
    expect(runs.running()).toEqual([]);
  });

  it('lets a run that outlives its timeout be killed by its own timeout', async () => {
    const project = makeTempProject();
    const runs = new AsyncRuns();
    const results: RunResult[] = [];
    runs.start('sleeper', 200, commandRun('sleep 30', project.project, 200, results));
    const started = performance.now();

    await runs.close();

    expect(results).toMatchObject([{ timedOut: true, error: 'timed out after 200 ms' }]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('aborts a run that does not stop on its own past the deadline', async () => {
    const project = makeTempProject();
    const pidFile = join(project.root, 'hook.pid');
    const runs = new AsyncRuns();
    const results: RunResult[] = [];
    // The command's own timeout is far away; the tracker's deadline of 200 ms must end it.
    runs.start('stubborn', 200, commandRun(`echo $$ > '${pidFile}'; exec sleep 30`, project.project, 60_000, results));
    const started = performance.now();

    await runs.close();

    expect(results).toMatchObject([{ timedOut: false, error: 'cancelled', signal: 'SIGTERM' }]);
    expect(performance.now() - started).toBeLessThan(10_000);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('waits for every run, including a failing one, and keeps closing', async () => {
    const project = makeTempProject();
    const runs = new AsyncRuns();
    const results: RunResult[] = [];
    runs.start('rejects', 1_000, () => Promise.reject(new Error('the run could not report')));
    runs.start('throws', 1_000, () => {
      throw new Error('thrown before a promise existed');
    });
    runs.start('fast', 10_000, commandRun('exit 3', project.project, 10_000, results));
    expect(runs.running()).toEqual(['rejects', 'throws', 'fast']);

    await runs.close();

    expect(results).toMatchObject([{ exitCode: 3 }]);
    expect(runs.running()).toEqual([]);
  });

  it('also waits for a run started while closing', async () => {
    const project = makeTempProject();
    const runs = new AsyncRuns();
    const results: RunResult[] = [];
    runs.start('first', 10_000, async (signal) => {
      await commandRun('sleep 0.1', project.project, 10_000, results)(signal);
      runs.start('second', 10_000, commandRun('exit 7', project.project, 10_000, results));
    });

    await runs.close();

    expect(results).toMatchObject([{ exitCode: 0 }, { exitCode: 7 }]);
  });
});
