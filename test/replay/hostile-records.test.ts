import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CLAUDE_SESSIONS, placeSession } from './helpers.js';

const PTY_DRIVER = fileURLToPath(new URL('../cli/trust-pty.py', import.meta.url));

function project(): TempProject {
  const sandbox = makeTempProject();
  const settings = {
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'cat > /dev/null; echo "no shell" >&2; exit 2' }] }] },
  };
  sandbox.write('project/.claude/settings.json', JSON.stringify(settings));
  sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  return sandbox;
}

function flags(sandbox: TempProject): string[] {
  return ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.json')];
}

function record(sandbox: TempProject, fields: Record<string, unknown>): string {
  return JSON.stringify({ sessionId: 'hostile', cwd: sandbox.project, timestamp: '2026-12-01T00:00:00Z', ...fields });
}

const prompt = (sandbox: TempProject, text: string) => record(sandbox, { type: 'user', message: { role: 'user', content: text } });
const call = (sandbox: TempProject, id: string, input: unknown) =>
  record(sandbox, { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Bash', input }] } });

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('hookctl replay on hostile session files', { timeout: 120_000 }, () => {
  it('a 100,000-level tool input neither crashes the reader, the hooks, the table nor the JSON', async () => {
    const sandbox = project();
    // Written as text: JSON.stringify itself would overflow on it.
    const deep = `${'['.repeat(100_000)}"bottom"${']'.repeat(100_000)}`;
    const line = call(sandbox, 't1', { command: 'ls', nested: 'DEEP' }).replace('"DEEP"', deep);
    const file = sandbox.write('s/deep.jsonl', `${line}\n${prompt(sandbox, 'after')}\n`);
    // Two runs through 100,000 levels (the hooks get them too) take a while on a loaded machine.
    const table = await runCli(['replay', ...flags(sandbox), file], { timeoutMs: 120_000 });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/deny\s+PreToolUse\s+Bash\s+ls\s+no shell/);
    const json = await runCli(['replay', ...flags(sandbox), file, '--json'], { timeoutMs: 120_000 });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ events: 2, summary: { deny: 1, none: 1 } });
  }, 300_000);

  it('a line past 32 MiB is skipped with a warning at its file:line, without holding it in memory; the rest is replayed', async () => {
    const sandbox = project();
    const file = join(sandbox.root, 'huge.jsonl');
    writeFileSync(
      file,
      `${prompt(sandbox, 'x'.repeat(33 * 1024 * 1024))}\n${prompt(sandbox, 'second')}\n${call(sandbox, 't2', { command: 'ls' })}`,
    );
    const result = await runCli(['replay', ...flags(sandbox), file, '--json'], { timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${file}:1: line too long to be a record; skipped`);
    // The last line has no newline: it is still a record.
    expect(JSON.parse(result.stdout).results.map((r: any) => r.input)).toEqual(['second', { command: 'ls' }]);
  });

  it('records of the wrong shape are warnings; a FIFO given as PATH is refused at once instead of blocking', async () => {
    const sandbox = project();
    const file = sandbox.write(
      's/shapes.jsonl',
      ['[1,2]', '{"type":"user"}', '{"type":"user","message":{"content":7}}', prompt(sandbox, 'ok')].join('\n'),
    );
    const result = await runCli(['replay', ...flags(sandbox), file, '--json']);
    expect(result.stderr).toContain(`${file}:1: not a transcript record (expected a JSON object); skipped`);
    expect(result.stderr).toContain(`${file}:2: a user record without a message object; skipped`);
    expect(result.stderr).toContain(`${file}:3: a user record whose message.content is neither text nor a list of blocks; skipped`);
    expect(JSON.parse(result.stdout).events).toBe(1);
    const fifo = join(sandbox.root, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    const refused = await runCli(['replay', ...flags(sandbox), fifo], { timeoutMs: 10_000 });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`hookctl: ${fifo}: not a regular file or directory\n`);
  });

  it('on a terminal, stderr shows a progress bar that ends at every session', () => {
    if (spawnSync('python3', ['-c', 'import pty']).status !== 0) {
      console.log('python3 with the pty module is not available: the terminal progress bar is not checked here');
      return;
    }
    const sandbox = project();
    const dir = join(sandbox.root, 'sessions');
    for (const name of Object.values(CLAUDE_SESSIONS)) placeSession('claude', name, dir, sandbox.project);
    const out = join(sandbox.root, 'out.txt');
    const command = `"${process.execPath}" "${BIN}" replay ${flags(sandbox).join(' ')} "${dir}" > "${out}"`;
    const terminal = spawnSync('python3', [PTY_DRIVER, '', 'sh', '-c', command], { encoding: 'utf8', timeout: 60_000 });
    expect(terminal.status, terminal.stdout).toBe(0);
    expect(terminal.stdout).toMatch(/\[#{30}\] 3\/3 sessions, 10 events/);
    // The bar is on stderr only; stdout (a file here) has the table.
    expect(readFileSync(out, 'utf8')).not.toContain('sessions, ');
    expect(readFileSync(out, 'utf8')).toContain('replayed 10 events from 3 sessions');
  });
});

describe('hostile hook traces in a transcript', { timeout: 120_000 }, () => {
  it('forged refusals, a flood of hook-error attachments and a malformed refused prompt are read within bounds', async () => {
    const sandbox = project();
    const attachment = (id: string, extra: Record<string, unknown>) =>
      record(sandbox, {
        type: 'attachment',
        attachment: { type: 'hook_non_blocking_error', hookEvent: 'PreToolUse', toolUseID: id, ...extra },
      });
    const result = (id: string, fields: Record<string, unknown>, content: unknown) =>
      record(sandbox, {
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: true }] },
        ...fields,
      });
    const lines = [
      call(sandbox, 't1', { command: 'one' }),
      // 100 failures for one call: 16 are kept; fields of the wrong type are ignored.
      ...Array.from({ length: 100 }, (_, n) => attachment('t1', { stderr: `Failed with non-blocking status code: e${n}`, command: n })),
      attachment('nobody', { stderr: 'for a call that never was' }),
      result('t1', {}, 'Exit code 1'),
      call(sandbox, 't2', { command: 'two' }),
      // A hook refusal whose text is not Claude Code's: the text is the message, no command.
      result('t2', { permissionDecision: { decision: 'reject', source: 'hook' } }, [{ type: 'text', text: 'just \u001b[2Jtext' }]),
      call(sandbox, 't3', { command: 'three' }),
      // `[` with no `]: `: no command, the rest is the message.
      result('t3', { permissionDecision: { decision: 'reject', source: 'hook' } }, 'PreToolUse:Bash hook error: [unterminated'),
      record(sandbox, { type: 'system', promptSubmitEnding: { ending: { kind: 'blocked_by_hook' } }, content: 'no marker here' }),
      record(sandbox, { type: 'system', promptSubmitEnding: 'nope', content: 7 }),
    ];
    const file = sandbox.write('s/traces.jsonl', `${lines.join('\n')}\n`);
    const json = await runCli(['replay', ...flags(sandbox), file, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.events).toBe(3);
    const [one, two, three] = report.results;
    expect(one.recorded.blocked).toBe(false);
    expect(one.recorded.errors).toHaveLength(16);
    expect(one.recorded.errors[0]).toEqual({ hook: null, message: 'e0' });
    expect(two.recorded).toEqual({ blocked: true, hook: null, message: 'just \u001b[2Jtext', errors: [] });
    expect(three.recorded).toEqual({ blocked: true, hook: null, message: '[unterminated', errors: [] });
    const table = await runCli(['replay', ...flags(sandbox), file]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).not.toMatch(/\u001b/);
    expect(table.stdout).toContain('blocked: just \\x1b[2Jtext');
    expect(table.stdout).toContain('hook error: e0 (+15)');
  });

  it('calls waiting for a result past the bound are still replayed, in order, without a recorded trace', async () => {
    const sandbox = project();
    const count = 4_200;
    const lines = Array.from({ length: count }, (_, n) =>
      record(sandbox, {
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'tool_use', id: `g${n}`, name: 'Glob', input: {} }] },
      }),
    );
    // The last call gets its result: the only one with a trace.
    lines.push(
      record(sandbox, {
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `g${count - 1}`, content: 'ok' }] },
      }),
    );
    const file = sandbox.write('s/many.jsonl', `${lines.join('\n')}\n`);
    const json = await runCli(['replay', ...flags(sandbox), file, '--json'], { timeoutMs: 120_000 });
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.events).toBe(count);
    const lineNumbers = report.results.map((r: any) => r.line);
    expect(new Set(lineNumbers).size).toBe(count);
    // The first calls past the bound come out as the bound is passed, the rest at the end of the file.
    expect(lineNumbers.slice(0, count - 4_096)).toEqual(Array.from({ length: count - 4_096 }, (_, n) => n + 1));
    expect(report.results.filter((r: any) => r.recorded !== null).map((r: any) => r.line)).toEqual([count]);
  });
});
