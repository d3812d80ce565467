import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { MANAGED_DENY, RSS_KILL_MIB } from './kit.js';

/**
 * `hookctl serve` against a client that pipelines `list` requests on a large (but allowed) config
 * and does not read its answers for a while (issue 22, hole 3). Lists wait in the same bounded
 * queue as dispatches, concurrent ones share one listing, and answers are serialised only as the
 * output takes them: peak memory must not grow with the number of requests, and the managed
 * guard's dispatch pipelined after them is still answered with its deny.
 */

const HOOKS = 1000;

interface Session {
  answers: number;
  guard: unknown;
  peakRssMiB: number;
  code: number | null;
}

function pipelineLists(count: number, flags: string[], payload: unknown): Promise<Session> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', ...flags], { stdio: ['pipe', 'pipe', 'ignore'] });
    let peakKiB = 0;
    const poll = setInterval(() => {
      try {
        peakKiB = Math.max(peakKiB, Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // exited between polls
      }
      if (peakKiB > RSS_KILL_MIB * 1024) child.kill('SIGKILL');
    }, 20);
    const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    let answers = 0;
    let guard: unknown = null;
    let tail = '';
    // Not read for the first 2 s: the server's output fills and it must hold back, not buffer.
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 2_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (tail + chunk).split('\n');
      tail = lines.pop()!;
      for (const line of lines) {
        answers++;
        if (line.startsWith('{"jsonrpc":"2.0","id":"guard"')) guard = JSON.parse(line);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ answers, guard, peakRssMiB: Math.round(peakKiB / 1024), code });
    });
    const lines = Array.from({ length: count }, (_, id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'list' }));
    lines.push(JSON.stringify({ jsonrpc: '2.0', id: 'guard', method: 'dispatch', params: { event: 'PreToolUse', payload } }));
    lines.push(JSON.stringify({ jsonrpc: '2.0', id: 'bye', method: 'shutdown' }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}

describe('serve bounds pipelined list requests (issue 22, hole 3)', () => {
  it(`6 vs 48 pipelined lists of ${HOOKS} hooks: the same peak memory, every request answered, the managed deny kept`, {
    timeout: 400_000,
  }, async () => {
    const sandbox = makeTempProject();
    const groups = Array.from({ length: HOOKS }, (_, index) => ({
      matcher: 'Bash',
      hooks: [{ type: 'command', command: `echo hook ${index} ${'x'.repeat(200)}` }],
    }));
    sandbox.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks: { PreToolUse: groups } }));
    const managed = sandbox.write('etc/requirements.toml', MANAGED_DENY);
    const flags = ['--dialect', 'openinterpreter', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', managed];
    const payload = {
      session_id: 's',
      turn_id: 't',
      cwd: sandbox.project,
      transcript_path: null,
      hook_event_name: 'PreToolUse',
      model: 'm',
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
      tool_use_id: 'u',
    };
    const few = await pipelineLists(6, flags, payload);
    const many = await pipelineLists(48, flags, payload);
    for (const [session, count] of [
      [few, 6],
      [many, 48],
    ] as const) {
      expect(session.code).toBe(0);
      expect(session.answers).toBe(count + 2);
      expect(session.guard).toMatchObject({ result: { decision: 'deny', reason: 'managed policy: no' } });
    }
    // Measured (issue 22 close): before, each pipelined list held its own listing (20 lists of 2,000 hooks: 256 MiB).
    console.log(`serve bounds: peak ${few.peakRssMiB} MiB for 6 lists, ${many.peakRssMiB} MiB for 48`);
    expect(many.peakRssMiB, `peak ${few.peakRssMiB} MiB for 6 lists, ${many.peakRssMiB} MiB for 48`).toBeLessThan(few.peakRssMiB + 60);
  });
});
