import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { eventually, startCli } from './helpers.js';
import { CRASH } from './kit.js';

/**
 * Issue 38 (log --tail): the dispatch log is a regular file `hookctl run` appends to and never writes
 * through a link. While `hookctl log --tail` follows it, someone swaps the path for a FIFO (an open
 * for reading would wait for a writer forever) or for a symlink to another file or a device. The
 * follower reads neither: it warns once, keeps polling, and follows a regular file when one is back.
 */
function record(reason: string): string {
  return `${JSON.stringify({
    time: '2026-12-04T12:00:00.000Z',
    dialect: 'claude',
    event: 'PreToolUse',
    session: 's',
    tool: 'Bash',
    decision: 'deny',
    blocked: true,
    reason,
    durationMs: 5,
    runs: [],
    moreRuns: 0,
  })}\n`;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sandbox(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-log-tail-'));
  dirs.push(dir);
  const log = join(dir, 'dispatch.jsonl');
  writeFileSync(log, record('first record'));
  return { dir, log };
}

/** Puts `make(temp)` in place of the log with a rename, as a rotation or an attacker would. */
function swap(dir: string, log: string, make: (path: string) => void): void {
  const temp = join(dir, `swap-${Math.random().toString(16).slice(2)}`);
  make(temp);
  renameSync(temp, log);
}

// Each case follows with the real bin for a few poll rounds (250 ms each).
describe('hookctl log --tail with the log swapped under it', { timeout: 60_000 }, () => {
  it('a FIFO swapped in is warned about and never opened for a blocking read; a regular file put back is followed', async () => {
    const { dir, log } = sandbox();
    const cli = startCli(['log', '--tail', '--log', log]);
    await eventually(cli.stdout, (out) => out.includes('first record'));
    swap(dir, log, (path) => execFileSync('mkfifo', [path]));
    const warning = `hookctl: warning: ${log} is now a FIFO, not a regular file; not read (waiting for a regular file there)\n`;
    expect(await eventually(cli.stderr, (err) => err.includes(warning))).toContain(warning);
    // Still polling, not stuck in an open: a regular log put back is read from its start.
    swap(dir, log, (path) => writeFileSync(path, record('after the fifo')));
    expect(await eventually(cli.stdout, (out) => out.includes('after the fifo'))).toContain('after the fifo');
    expect(cli.stderr()).toContain(`hookctl: warning: ${log} is a regular file again; following it from its start\n`);
    // Said once, not once per poll.
    expect(cli.stderr().split(warning)).toHaveLength(2);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).not.toBe('SIGKILL');
    expect(cli.stderr()).not.toMatch(CRASH);
  });

  it('a symlink swapped in is not followed, to another file or to a device', async () => {
    const { dir, log } = sandbox();
    const elsewhere = join(dir, 'elsewhere.jsonl');
    writeFileSync(elsewhere, record('read through the link'));
    const cli = startCli(['log', '--tail', '--log', log]);
    await eventually(cli.stdout, (out) => out.includes('first record'));
    swap(dir, log, (path) => symlinkSync(elsewhere, path));
    const warning = `hookctl: warning: ${log} is now a symbolic link; not read (waiting for a regular file there)\n`;
    expect(await eventually(cli.stderr, (err) => err.includes(warning))).toContain(warning);
    swap(dir, log, (path) => symlinkSync('/dev/zero', path));
    // Give the follower a few polls at the device link: it must neither read it nor say anything new.
    await new Promise((done) => setTimeout(done, 1500));
    expect(cli.stdout()).not.toContain('read through the link');
    expect(cli.stderr().split(warning)).toHaveLength(2);
    cli.child.kill('SIGTERM');
    await cli.exited;
    expect(cli.stderr()).not.toMatch(CRASH);
  });

  it('a rotation (another regular file renamed over the log) is followed from its start, without a warning', async () => {
    const { dir, log } = sandbox();
    const cli = startCli(['log', '--tail', '--log', log]);
    await eventually(cli.stdout, (out) => out.includes('first record'));
    swap(dir, log, (path) => writeFileSync(path, record('rotated one') + record('rotated two')));
    expect(await eventually(cli.stdout, (out) => out.includes('rotated two'))).toContain('rotated one');
    cli.child.kill('SIGTERM');
    await cli.exited;
    expect(cli.stderr()).toBe('');
  });

  it('at the start, a log that is a symlink or a FIFO is a one-line error, at once', async () => {
    const { dir, log } = sandbox();
    const link = join(dir, 'link.jsonl');
    symlinkSync(log, link);
    for (const tail of [[], ['--tail']]) {
      const linked = await runCli(['log', ...tail, '--log', link], { timeoutMs: 20_000 });
      expect(linked.code).toBe(2);
      expect(linked.stderr).toBe(
        `hookctl: ${link} is a symbolic link; the dispatch log is never read through one (hookctl run never writes through one)\n`,
      );
    }
    const fifo = join(dir, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const piped = await runCli(['log', '--tail', '--log', fifo], { timeoutMs: 20_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toBe(`hookctl: ${fifo} is a FIFO, not a regular file\n`);
  });
});
