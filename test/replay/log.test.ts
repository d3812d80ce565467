import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, statSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { readJsonLines } from './helpers.js';

const GUARD = `if grep -q 'rm -rf'; then echo "rm -rf is not allowed" >&2; exit 2; fi`;

function project(): TempProject {
  const sandbox = makeTempProject();
  const settings = {
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] },
        // Talkative: 100 kB on stderr, of which the log keeps the start.
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'head -c 100000 /dev/zero | tr "\\0" x >&2; exit 0' }] },
      ],
    },
  };
  sandbox.write('project/.claude/settings.json', JSON.stringify(settings));
  sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  return sandbox;
}

function payload(sandbox: TempProject, command: string): string {
  return JSON.stringify({
    session_id: 's-1',
    transcript_path: join(sandbox.root, 't.jsonl'),
    cwd: sandbox.project,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'toolu_1',
  });
}

function run(sandbox: TempProject, command: string, extra: string[] = [], env: Record<string, string> = {}) {
  const args = ['run', 'PreToolUse', '--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, ...extra];
  return runCli([...args, '--managed', join(sandbox.root, 'none.json')], { input: payload(sandbox, command), env });
}

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('hookctl run --log / HOOKCTL_LOG, and hookctl log', { timeout: 120_000 }, () => {
  it('appends one bounded record per dispatch to a private file; stdout stays the outcome alone', async () => {
    const sandbox = project();
    const log = join(sandbox.root, 'dispatch.jsonl');
    const denied = await run(sandbox, 'rm -rf /', [], { HOOKCTL_LOG: log });
    expect(denied.code, denied.stderr).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ decision: 'deny', blocked: true });
    const allowed = await run(sandbox, 'ls', ['--log', log]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(statSync(log).mode & 0o777).toBe(0o600);
    const records = readJsonLines(log);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      dialect: 'claude',
      event: 'PreToolUse',
      session: 's-1',
      tool: 'Bash',
      decision: 'deny',
      blocked: true,
      reason: 'rm -rf is not allowed',
      moreRuns: 0,
    });
    expect(records[0]!.runs[0]).toMatchObject({ id: 'project:.claude/settings.json:PreToolUse:0:0', status: 'blocked', exitCode: 2 });
    expect(records[0]!.runs[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(records[1]).toMatchObject({ decision: null, blocked: false });
    // 100 kB of stderr is kept as its first 2000 characters.
    expect(records[1]!.runs[1].stderr).toHaveLength(2001);
    expect(readFileSync(log, 'utf8').split('\n')[1]!.length).toBeLessThan(5000);
  });

  it('never writes through a symbolic link or into a FIFO: one warning, and the verdict is still given', async () => {
    const sandbox = project();
    const target = sandbox.write('precious.txt', 'keep me\n');
    const link = join(sandbox.root, 'link.jsonl');
    symlinkSync(target, link);
    const result = await run(sandbox, 'rm -rf /', ['--log', link]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'deny' });
    expect(result.stderr).toContain(`hookctl: warning: dispatch log: ${link} is a symbolic link; the log is never written through one`);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    const fifo = join(sandbox.root, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    const blocked = await run(sandbox, 'ls', ['--log', fifo]);
    expect(blocked.code).toBe(0);
    expect(blocked.stderr).toContain(`dispatch log: ${fifo}: cannot be opened (ENXIO)`);
  });

  it('hookctl log shows which hook decided and each run, warns about a garbage line with file:line, and prints --json', async () => {
    const sandbox = project();
    const log = join(sandbox.root, 'dispatch.jsonl');
    await run(sandbox, 'rm -rf /', ['--log', log]);
    appendFileSync(log, '{"truncated": \n');
    await run(sandbox, 'ls', ['--log', log]);
    const table = await runCli(['log', '--log', log]);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}PreToolUse Bash {2}deny by project:\.claude\/settings\.json:PreToolUse:0:0: rm -rf/,
    );
    expect(lines[1]).toMatch(
      /^ {4}project:\.claude\/settings\.json:PreToolUse:0:0 {2}blocked {2}exit 2 {2}\d+m?s {2}stderr: rm -rf is not allowed$/,
    );
    expect(table.stdout).toMatch(/PreToolUse Bash {2}none {2}\(/);
    expect(table.stderr).toBe(`hookctl: warning: ${log}:2: not a JSON record; skipped\n`);
    const json = await runCli(['log', '--json'], { env: { HOOKCTL_LOG: log } });
    const records = JSON.parse(json.stdout);
    expect(records.map((record: any) => record.decision)).toEqual(['deny', null]);
  });

  it('no log configured says how to get one and points to replay; a missing one is a one-line error', async () => {
    const sandbox = project();
    const none = await runCli(['log'], { env: { HOOKCTL_LOG: '' } });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'hookctl: no dispatch log: pass --log <file> or set HOOKCTL_LOG (the file `hookctl run --log` writes).\n' +
        'To get one, run hooks through `hookctl run --log <file>` (or set HOOKCTL_LOG where the agent calls hookctl run).\n' +
        'For sessions the agent ran its hooks itself, `hookctl replay` shows what each session recorded about its hooks ' +
        "beside today's verdict, and the calls that ran although today's hooks deny them\n",
    );
    const missing = await runCli(['log', '--log', join(sandbox.root, 'nope.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`hookctl: ${join(sandbox.root, 'nope.jsonl')}: no such file (no dispatch has been logged there yet)\n`);
  });

  it('--tail shows the last records, then each dispatch as it is logged', async () => {
    const sandbox = project();
    const log = join(sandbox.root, 'dispatch.jsonl');
    await run(sandbox, 'ls', ['--log', log]);
    const child = spawn(process.execPath, [BIN, 'log', '--tail', '--log', log], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    try {
      await waitFor(() => out.includes('PreToolUse Bash  none'));
      expect(out).not.toContain('deny');
      await run(sandbox, 'rm -rf /', ['--log', log]);
      await waitFor(() => out.includes('deny by'));
    } finally {
      child.kill('SIGTERM');
    }
    writeFileSync(log, '');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for output');
    await new Promise((done) => setTimeout(done, 50));
  }
}
