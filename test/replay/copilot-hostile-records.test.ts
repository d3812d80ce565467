import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * A Copilot session-state folder is untrusted input (a shared home, a copied `.copilot`, a crafted
 * repository of "sessions"): `hookctl replay --dialect copilot` must read any events.jsonl within
 * bounds, and refuse or skip what is not one, with a positioned warning or a one-line error.
 */
function project(): TempProject {
  const sandbox = makeTempProject();
  const gate = 'cat > /dev/null; printf \'{"permissionDecision":"deny","permissionDecisionReason":"no"}\'';
  sandbox.write(
    'project/.github/hooks/hooks.json',
    JSON.stringify({ version: 1, hooks: { preToolUse: [{ matcher: 'bash', hooks: [{ type: 'command', bash: gate }] }] } }),
  );
  sandbox.write('home/.copilot/config.json', JSON.stringify({ trustedFolders: [sandbox.project] }));
  return sandbox;
}

const flags = (sandbox: TempProject) => ['--dialect', 'copilot', '--cwd', sandbox.project, '--home', sandbox.home];
const ENV = { COPILOT_HOME: undefined, COPILOT_ALLOW_ALL: undefined };

const line = (type: string, data: unknown, timestamp = '2026-12-05T05:17:05.714Z') => JSON.stringify({ type, data, id: 'x', timestamp });
const start = (sandbox: TempProject) => line('session.start', { sessionId: 'hostile', context: { cwd: sandbox.project } });
const call = (id: string, args: unknown = { command: 'ls' }, toolName = 'bash') =>
  line('tool.execution_start', { toolCallId: id, toolName, arguments: args });
const done = (id: string) => line('tool.execution_complete', { toolCallId: id, success: true, result: { content: 'ok' } });

function session(sandbox: TempProject, lines: string[], id = 'hostile'): string {
  return sandbox.write(`home/.copilot/session-state/${id}/events.jsonl`, `${lines.join('\n')}\n`);
}

// Each case runs the real bin (and real hooks): seconds each, more on a loaded machine.
describe('hookctl replay --dialect copilot on hostile session records', { timeout: 120_000 }, () => {
  it('records of the wrong shape and type are warnings at their file:line; the good ones are replayed', async () => {
    const sandbox = project();
    const file = session(sandbox, [
      start(sandbox),
      '[1,2]',
      '{"type":5,"data":{}}',
      '{"type":"hook.start","data":[]}',
      line('hook.start', { hookInvocationId: 'h1', hookType: 'preToolUse' }),
      line('hook.start', { hookInvocationId: 7, hookType: 'preToolUse', input: {} }),
      // Wrong types inside otherwise valid records: ignored, never a crash.
      line('hook.start', { hookInvocationId: 'h2', hookType: 'preToolUse', input: { toolCalls: 'all' } }),
      line('hook.end', { hookInvocationId: 'h2', success: false, output: 'nope', error: 42 }),
      line('hook.start', { hookInvocationId: 'h3', hookType: 'userPromptSubmitted', input: { prompt: ['not', 'text'] } }),
      line('hook.end', { hookInvocationId: 'h3', output: { decision: 'block', reason: { deep: true } } }),
      // One invocation id twice: neither prompt is lost.
      line('hook.start', { hookInvocationId: 'dup', hookType: 'userPromptSubmitted', input: { prompt: 'first' } }),
      line('hook.start', { hookInvocationId: 'dup', hookType: 'userPromptSubmitted', input: { prompt: 'second' } }),
      line('hook.end', { hookInvocationId: 'dup', success: true, output: { decision: 'block', reason: 'no' } }),
      line('hook.start', { hookInvocationId: 'h4', hookType: 'postToolUse', input: { toolName: 5, toolResult: 'x' } }),
      line('tool.execution_start', { toolCallId: 'c0', toolName: null, arguments: 3 }),
      line('tool.execution_complete', { toolCallId: ['c0'], success: 'yes', error: 'denied' }),
      line('user.message', { content: 42 }),
      call('c1'),
      line('tool.execution_complete', { toolCallId: 'c1', success: false, error: { code: 'denied', message: 7 } }),
      call('c2', { command: 'echo two' }),
      line('tool.execution_complete', {
        toolCallId: 'c2',
        success: false,
        error: { code: 'denied', message: 'Denied by preToolUse hook: forged' },
      }),
    ]);
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { env: ENV });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${file}:2: not a session event (expected a JSON object); skipped`);
    expect(result.stderr).toContain(`${file}:3: not a session event (expected {type, data}); skipped`);
    expect(result.stderr).toContain(`${file}:4: not a session event (expected {type, data}); skipped`);
    expect(result.stderr).toContain(`${file}:5: a hook.start without hookInvocationId, hookType or an input object; skipped`);
    expect(result.stderr).toContain(`${file}:6: a hook.start without hookInvocationId, hookType or an input object; skipped`);
    const report = JSON.parse(result.stdout);
    // c1 ended `denied` without Copilot's refusal text: refused by something else, so the record tells nothing of the hooks.
    expect(report.results.map((r: any) => [r.input, r.decision, r.recorded])).toEqual([
      ['first', 'none', null],
      ['second', 'none', { blocked: true, hook: null, message: 'no', errors: [] }],
      [{ command: 'ls' }, 'deny', null],
      [{ command: 'echo two' }, 'deny', { blocked: true, hook: null, message: 'Denied by preToolUse hook: forged', errors: [] }],
    ]);
  });

  it('a 100,000-level argument, a line past 32 MiB and 5,001 calls that never end are read within bounds', async () => {
    const sandbox = project();
    const deep = `${'['.repeat(100_000)}"bottom"${']'.repeat(100_000)}`;
    // Calls of a tool no hook matches: no hook process for each of them.
    const calls = Array.from({ length: 5_000 }, (_, n) => call(`p${n}`, { command: `echo ${n}` }, 'glob'));
    const file = session(sandbox, [
      start(sandbox),
      call('deep', { command: 'ls', nested: 'DEEP' }).replace('"DEEP"', deep),
      call('other', { command: 'echo other' }),
      // A post hook's input is matched against running calls by its arguments: at any depth.
      line('hook.start', { hookInvocationId: 'h', hookType: 'postToolUse', input: { toolName: 'bash', toolArgs: 'DEEP' } }).replace(
        '"DEEP"',
        deep,
      ),
      done('deep'),
      line('user.message', { content: 'x'.repeat(33 * 1024 * 1024) }),
      ...calls,
    ]);
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { timeoutMs: 240_000, env: ENV });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${file}:6: line too long to be a record; skipped`);
    const report = JSON.parse(result.stdout);
    // The deep call, then every call that never ended (past 4,096 waiting, the oldest come out early): none lost.
    expect(report.events).toBe(5_002);
    expect(report.results[0]).toMatchObject({ tool: 'bash', decision: 'deny', recorded: { blocked: false } });
    expect(new Set(report.results.map((r: any) => r.input.command)).size).toBe(5_002);
    expect(report.results.slice(1).every((r: any) => r.recorded === null)).toBe(true);
  }, 300_000);

  it('links to /dev/zero or a FIFO and a session folder linking outside are never read; as PATH they are a one-line error', async () => {
    const sandbox = project();
    const state = join(sandbox.home, '.copilot', 'session-state');
    mkdirSync(join(state, 'zero'), { recursive: true });
    symlinkSync('/dev/zero', join(state, 'zero', 'events.jsonl'));
    mkdirSync(join(state, 'fifo'));
    execFileSync('mkfifo', [join(state, 'fifo', 'events.jsonl')]);
    // A session folder that is a link to a folder outside, holding a session of this project.
    const outside = join(sandbox.root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'events.jsonl'), `${[start(sandbox), call('o1'), done('o1')].join('\n')}\n`);
    symlinkSync(outside, join(state, 'linked'));
    session(sandbox, [start(sandbox), call('g1', { command: 'echo good' }), done('g1')], 'good');
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { timeoutMs: 30_000, env: ENV });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).results.map((r: any) => r.input.command)).toEqual(['echo good']);
    for (const path of [join(state, 'zero', 'events.jsonl'), join(state, 'fifo', 'events.jsonl')]) {
      const refused = await runCli(['replay', ...flags(sandbox), path], { timeoutMs: 30_000, env: ENV });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(`hookctl: ${path}: not a regular file or directory\n`);
    }
  });

  it("a recorded cwd outside the project is not where the project's hooks run: the project is, with one warning", async () => {
    const sandbox = makeTempProject();
    const touch = { type: 'command', bash: 'cat > /dev/null; touch "$PWD/hook-ran"' };
    sandbox.write('project/.github/hooks/hooks.json', JSON.stringify({ version: 1, hooks: { preToolUse: [touch] } }));
    const elsewhere = join(sandbox.root, 'elsewhere');
    mkdirSync(elsewhere);
    const lines = [line('session.start', { sessionId: 'away', context: { cwd: elsewhere } }), call('a1'), done('a1')];
    const file = sandbox.write('given/events.jsonl', `${lines.join('\n')}\n`);
    const result = await runCli(['replay', ...flags(sandbox), '--dangerously-bypass-hook-trust', file], { env: ENV });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${file}: recorded cwd ${elsewhere} is outside the project (${sandbox.project})`);
    expect(existsSync(join(elsewhere, 'hook-ran'))).toBe(false);
    expect(existsSync(join(sandbox.project, 'hook-ran'))).toBe(true);
  });

  it('a file with no session start planted among the sessions (a files/ folder) is never replayed against the project', async () => {
    const sandbox = makeTempProject();
    const touch = { type: 'command', bash: 'cat > /dev/null; touch "$PWD/hook-ran"' };
    sandbox.write('project/.github/hooks/hooks.json', JSON.stringify({ version: 1, hooks: { preToolUse: [touch] } }));
    sandbox.write('home/.copilot/config.json', JSON.stringify({ trustedFolders: [sandbox.project] }));
    const planted = sandbox.write('home/.copilot/session-state/other/files/events.jsonl', `${[call('p1'), done('p1')].join('\n')}\n`);
    // A real session of the project beside it is still replayed.
    session(sandbox, [start(sandbox), call('r1'), done('r1')], 'real');
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { env: ENV });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`${planted}:\\d+: records before any session start naming its directory are not known`));
    // Only the real session's call was replayed; the planted one ran no hook.
    expect(JSON.parse(result.stdout).results).toHaveLength(1);
  });
});
