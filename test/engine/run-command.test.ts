import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/engine/run-command.js';
import type { RunCommandOptions } from '../../src/engine/run-command.js';
import { isRunning } from '../helpers/processes.js';
import { makeTempProject } from '../helpers/temp-project.js';

const MiB = 1024 * 1024;

/** Pids that hooks left running on purpose (background children); killed after each test. */
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function run(overrides: Partial<RunCommandOptions> & { command: string }) {
  const project = makeTempProject();
  return runCommand({
    stdin: '{}',
    cwd: project.project,
    env: { PATH: process.env.PATH },
    timeoutMs: 10_000,
    outputLimitBytes: MiB,
    ...overrides,
  });
}

async function readPid(path: string): Promise<number> {
  const pid = Number(readFileSync(path, 'utf8').trim());
  expect(pid).toBeGreaterThan(1);
  return pid;
}

describe('runCommand', () => {
  it('passes the payload on stdin intact and captures stdout and stderr', async () => {
    const payload = JSON.stringify({ tool: 'Bash', text: 'ünïcødé ✓ 🚀', n: [1, 2, 3] });
    const result = await run({ command: 'cat; echo "to stderr" >&2', stdin: payload });
    expect(result).toMatchObject({
      exitCode: 0,
      signal: null,
      stdout: payload,
      stderr: 'to stderr\n',
      truncated: false,
      timedOut: false,
      error: null,
    });
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('runs in the given cwd with exactly the given environment', async () => {
    const project = makeTempProject();
    const result = await runCommand({
      command: 'pwd; echo "$HOOK_VAR"; echo "${HOME-unset}"',
      stdin: '{}',
      cwd: project.project,
      env: { PATH: process.env.PATH, HOOK_VAR: 'from the engine', HOME: undefined },
      timeoutMs: 10_000,
      outputLimitBytes: MiB,
    });
    expect(result.stdout.split('\n')).toEqual([project.project, 'from the engine', 'unset', '']);
  });

  it.each([
    { exit: 'exit 0', exitCode: 0 },
    { exit: 'exit 2', exitCode: 2 },
    { exit: 'exit 1', exitCode: 1 },
  ])('reports `$exit` as exit code $exitCode with no error', async ({ exit, exitCode }) => {
    const result = await run({ command: exit });
    expect(result).toMatchObject({ exitCode, signal: null, error: null });
  });

  it('tolerates a hook that never reads an 8 MiB payload', async () => {
    const result = await run({ command: 'echo ignored; exit 3', stdin: 'x'.repeat(8 * MiB) });
    expect(result).toMatchObject({ exitCode: 3, stdout: 'ignored\n', error: null, timedOut: false });
  });

  it('delivers an 8 MiB payload intact to a hook that reads it', async () => {
    const payload = JSON.stringify({ blob: 'y'.repeat(8 * MiB) });
    const result = await run({ command: 'wc -c', stdin: payload, outputLimitBytes: 64 });
    expect(Number(result.stdout.trim())).toBe(Buffer.byteLength(payload));
  });

  it('caps 200 MB of stdout at the limit, keeps memory bounded and still observes the exit code', async () => {
    const limit = 256 * 1024;
    const rssBefore = process.memoryUsage().rss;
    const result = await run({
      command: 'head -c 200000000 /dev/zero; echo done >&2; exit 4',
      outputLimitBytes: limit,
      timeoutMs: 25_000,
    });
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect(result).toMatchObject({ exitCode: 4, truncated: true, timedOut: false, stderr: 'done\n', error: null });
    expect(result.stdout.length).toBe(limit);
    // Keeping the flood would cost at least 200 MB; the drained chunks are garbage immediately.
    expect(rssGrowth).toBeLessThan(120 * MiB);
  });

  it('caps stderr on its own and marks the run truncated', async () => {
    const result = await run({ command: 'echo small; head -c 5000 /dev/zero >&2', outputLimitBytes: 1000 });
    expect(result).toMatchObject({ stdout: 'small\n', truncated: true, exitCode: 0 });
    expect(result.stderr.length).toBe(1000);
  });

  it('does not cut a multi-byte character in half at the cap', async () => {
    // "aé€" is 1 + 2 + 3 bytes; a 4-byte cap falls inside the euro sign.
    const result = await run({ command: "printf 'a\\303\\251\\342\\202\\254'", outputLimitBytes: 4 });
    expect(result).toMatchObject({ stdout: 'aé', truncated: true });
  });

  it('decodes a multi-byte character split across two writes', async () => {
    // The euro sign's first byte, a pause so it arrives as its own chunk, then the rest.
    const result = await run({ command: "printf '\\342'; sleep 0.2; printf '\\202\\254 ok'" });
    expect(result.stdout).toBe('€ ok');
  });

  it('replaces bytes that are not UTF-8 with U+FFFD', async () => {
    const result = await run({ command: "printf 'bad \\377\\376 bytes'; printf '\\300' >&2" });
    expect(result.stdout).toBe('bad \uFFFD\uFFFD bytes');
    expect(result.stderr).toBe('\uFFFD');
  });

  it('does not wait for a background child that keeps stdout open', async () => {
    const project = makeTempProject();
    const pidFile = join(project.root, 'bg.pid');
    const started = performance.now();
    const result = await runCommand({
      command: `sleep 30 & echo $! > '${pidFile}'; echo hook done; exit 5`,
      stdin: '{}',
      cwd: project.project,
      env: { PATH: process.env.PATH },
      timeoutMs: 20_000,
      outputLimitBytes: MiB,
      pipeGraceMs: 100,
    });
    leftovers.push(await readPid(pidFile));
    expect(result).toMatchObject({ exitCode: 5, stdout: 'hook done\n', timedOut: false, error: null });
    // "Did not hang": far below the 30 s the grandchild holds the pipe.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('kills the whole process group of a hook that traps SIGTERM and sleeps', async () => {
    const project = makeTempProject();
    const pidFile = join(project.root, 'sleeper.pid');
    const result = await runCommand({
      command: `trap '' TERM; sleep 30 & echo $! > '${pidFile}'; wait; wait`,
      stdin: '{}',
      cwd: project.project,
      env: { PATH: process.env.PATH },
      timeoutMs: 300,
      outputLimitBytes: MiB,
      killGraceMs: 200,
    });
    const sleeper = await readPid(pidFile);
    leftovers.push(sleeper);
    expect(result).toMatchObject({
      exitCode: null,
      signal: 'SIGKILL',
      timedOut: true,
      error: 'timed out after 300 ms',
    });
    await expect.poll(() => isRunning(sleeper), { timeout: 5_000 }).toBe(false);
  });

  it('reports a hook that exits on SIGTERM at the timeout', async () => {
    const result = await run({ command: 'sleep 30', timeoutMs: 200 });
    expect(result).toMatchObject({
      exitCode: null,
      signal: 'SIGTERM',
      timedOut: true,
      error: 'timed out after 200 ms',
    });
  });

  it('kills the hook when the dispatch is cancelled', async () => {
    const controller = new AbortController();
    const pending = run({ command: 'echo started; sleep 30', signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await pending;
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: false, error: 'cancelled' });
  });

  it('does not start a hook when the dispatch is already cancelled', async () => {
    const project = makeTempProject();
    const marker = join(project.root, 'ran');
    const result = await run({ command: `touch '${marker}'`, signal: AbortSignal.abort() });
    expect(result).toMatchObject({ exitCode: null, error: 'cancelled' });
    expect(() => readFileSync(marker)).toThrow();
  });

  it('reports a command that is not found with the shell message', async () => {
    const result = await run({ command: 'definitely-not-a-hookctl-command --flag' });
    expect(result.exitCode).toBe(127);
    expect(result.error).toMatch(/^command not found: .*definitely-not-a-hookctl-command.*not found/);
  });

  it('reports a hook that kills itself with a signal', async () => {
    const result = await run({ command: 'echo before; kill -9 $$' });
    expect(result).toMatchObject({
      exitCode: null,
      signal: 'SIGKILL',
      stdout: 'before\n',
      timedOut: false,
      error: 'hook process was killed by signal SIGKILL',
    });
  });

  it('reports a working directory that does not exist', async () => {
    const project = makeTempProject();
    const missing = join(project.root, 'no-such-dir');
    const result = await run({ command: 'exit 0', cwd: missing });
    expect(result).toMatchObject({ exitCode: null, signal: null, timedOut: false });
    expect(result.error).toBe(`could not start the hook: working directory ${missing} does not exist or is not a directory`);
  });
});
