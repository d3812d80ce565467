import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenMatches } from '../../src/serve/http.js';
import { BIN, runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * `hookctl serve --http` against an attacker on the same machine or a web page in the user's
 * browser (docs/serve.md, "Over HTTP", security). Each property of the endpoint is attacked
 * through the real binary: the token, the bind address, Host (DNS rebinding), Origin (browsers),
 * the method, the body's size and depth, slow and many connections, and what hooks inherit.
 */

const TOKEN = 'test-token-0123456789abcdef';
const servers: ChildProcess[] = [];
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.kill('SIGKILL');
});

const DENY_JSON =
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"served deny"}}';
const DENY = `echo '${DENY_JSON}'`;

function payload(project: string, command = 'ls'): Record<string, unknown> {
  return {
    hook_event_name: 'PreToolUse',
    session_id: 's1',
    transcript_path: `${project}/t.jsonl`,
    cwd: project,
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'toolu_1',
  };
}

/** A project serving one PreToolUse Bash hook (`command`), and its server on a free port. */
async function start(command: string, env: Record<string, string> = {}): Promise<{ port: number; project: string }> {
  const temp = makeTempProject();
  temp.write(
    'project/.claude/hookctl-served.json',
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }),
  );
  const child = spawn(process.execPath, [BIN, 'serve', '--http', '--port', '0', '--cwd', temp.project, '--home', temp.home], {
    env: { PATH: process.env.PATH, HOME: temp.home, HOOKCTL_SERVE_TOKEN: TOKEN, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  servers.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let log = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/hook/.exec(log);
      if (match) resolve(Number(match[1]));
    });
    child.on('close', (code) => reject(new Error(`server exited ${code}: ${log}`)));
  });
  return { port, project: temp.project };
}

interface Answer {
  status: number;
  body: string;
}

function send(port: number, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/hook', method: options.method ?? 'POST', headers: options.headers ?? {}, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

describe('serve --http: who may call', () => {
  it('answers the token holder and refuses a missing or wrong token, a prefix or an extension of it', async () => {
    const { port, project } = await start(DENY);
    const body = JSON.stringify(payload(project));
    const good = await send(port, { headers: auth, body });
    expect(good.status).toBe(200);
    expect(JSON.parse(good.body)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'served deny' },
    });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, TOKEN, `bearer ${TOKEN}`]) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (authorization !== undefined) headers.Authorization = authorization;
      const refused = await send(port, { headers, body });
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.body).not.toContain('served deny');
    }
  });

  it('compares the token in constant time: hashed to equal lengths before timingSafeEqual, never a string ===', () => {
    // Different lengths would make timingSafeEqual throw; hashing first makes every comparison the same work.
    expect(tokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'B', `Bearer ${TOKEN} `, `Bearer ${TOKEN.toUpperCase()}`, 'x'.repeat(100_000)])
      expect(tokenMatches(header, TOKEN)).toBe(false);
    const source = readFileSync(new URL('../../src/serve/http.ts', import.meta.url), 'utf8');
    const compare = source.slice(source.indexOf('export function tokenMatches'), source.indexOf('export function hookEnvironment'));
    expect(compare).toContain('timingSafeEqual(given, expected)');
    expect(compare).not.toMatch(/header\s*===\s*`Bearer/);
  });

  it('refuses a non-loopback bind and starts without a token never', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com']) {
      const result = await runCli(['serve', '--http', '--port', '0', '--host', host], { env: { HOOKCTL_SERVE_TOKEN: TOKEN } });
      expect(result.code, host).toBe(2);
      expect(result.stderr).toContain('is not a loopback address');
    }
    for (const token of [undefined, '', 'short']) {
      const result = await runCli(['serve', '--http', '--port', '0'], { env: { HOOKCTL_SERVE_TOKEN: token } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('HOOKCTL_SERVE_TOKEN');
    }
  });

  it('refuses a rebound Host and any browser Origin, even with the token', async () => {
    const { port, project } = await start(DENY);
    const body = JSON.stringify(payload(project));
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1', `127.0.0.2:${port}`, `localhost:${port + 1}`]) {
      const answer = await send(port, { headers: { ...auth, Host: host }, body });
      expect(answer.status, host).toBe(421);
    }
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${port}`]) {
      const answer = await send(port, { headers: { ...auth, Origin: origin }, body });
      expect(answer.status, origin).toBe(403);
    }
    expect((await send(port, { headers: { ...auth, Host: `localhost:${port}` }, body })).status).toBe(200);
  });

  it('takes POST /hook only', async () => {
    const { port, project } = await start(DENY);
    const body = JSON.stringify(payload(project));
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const answer = await send(port, { method, headers: auth, ...(method === 'GET' || method === 'OPTIONS' ? {} : { body }) });
      expect(answer.status, method).toBe(405);
    }
    const other = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/other', method: 'POST', headers: auth, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(other).toBe(404);
  });
});

describe('serve --http: what a caller can send', () => {
  it('refuses an oversized body (declared or streamed) and a 100,000-level one, and keeps serving', async () => {
    const { port, project } = await start(DENY);
    const declared = await send(port, { headers: { ...auth, 'Content-Length': String(17 * 1024 * 1024) }, body: '' }).catch(() => null);
    expect(declared?.status ?? 413).toBe(413);
    const streamed = await send(port, { headers: auth, body: Buffer.alloc(17 * 1024 * 1024, 0x20) }).catch(() => ({
      status: 413,
      body: '',
    }));
    expect(streamed.status).toBe(413);
    const deepBody = JSON.stringify(payload(project)).replace('"ls"}', `"ls","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    const deepAnswer = await send(port, { headers: auth, body: deepBody });
    expect(deepAnswer.status).toBe(400);
    expect(deepAnswer.body).toContain('deeper');
    for (const bad of ['not json', '[1,2]', '{"no":"event"}', '{"hook_event_name":"NoSuchEvent"}'])
      expect((await send(port, { headers: auth, body: bad })).status, bad).toBe(400);
    expect((await send(port, { headers: auth, body: JSON.stringify(payload(project)) })).status).toBe(200);
  }, 60_000);

  it('drops slow-loris connections after the header timeout and serves again, with its connections bounded', async () => {
    const { port, project } = await start(DENY);
    const opened = Date.now();
    const closed: Promise<number>[] = [];
    for (let index = 0; index < 160; index++) {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => undefined);
      socket.write('POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      closed.push(new Promise((resolve) => socket.on('close', () => resolve(Date.now() - opened))));
    }
    const times = await Promise.all(closed);
    // Over the connection bound at once, the rest at the 5 s header deadline.
    expect(Math.max(...times)).toBeLessThan(12_000);
    expect((await send(port, { headers: auth, body: JSON.stringify(payload(project)) })).status).toBe(200);
  }, 30_000);

  it('bounds dispatches in flight: 400 pipelined requests against a slow hook get answers, none lost, the server alive', async () => {
    const { port, project } = await start(`sleep 0.2; ${DENY}`);
    const body = JSON.stringify(payload(project));
    const answers = await Promise.all(
      Array.from({ length: 400 }, () => send(port, { headers: auth, body }).catch(() => ({ status: 0, body: '' }))),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    // Up to 32 run at once and 256 wait; past that a request is refused with 503, never queued without
    // bound, and past 128 connections one is closed unanswered (0 here; for Claude a failed hook).
    for (const status of statuses) expect([200, 503, 0]).toContain(status);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(32);
    expect((await send(port, { headers: auth, body })).status).toBe(200);
  }, 60_000);
});

describe('serve --http: what hooks get', () => {
  it("never passes the server's own environment on: no NODE_OPTIONS, NODE_EXTRA_CA_CERTS, token or other secrets", async () => {
    const temp = makeTempProject();
    const dump = `${temp.root}/env.txt`;
    const { port, project } = await start(`env > ${dump}; echo '{}'`, {
      NODE_OPTIONS: '--max-old-space-size=64',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
      AWS_SECRET_ACCESS_KEY: 'secret',
      LANG: 'C.UTF-8',
    });
    expect((await send(port, { headers: auth, body: JSON.stringify(payload(project)) })).status).toBe(200);
    const names = readFileSync(dump, 'utf8')
      .split('\n')
      .map((line) => line.split('=')[0]);
    for (const name of ['NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS', 'AWS_SECRET_ACCESS_KEY', 'HOOKCTL_SERVE_TOKEN'])
      expect(names).not.toContain(name);
    expect(names).toContain('CLAUDE_PROJECT_DIR');
    expect(names).toContain('LANG');
    expect(readdirSync(temp.root)).toContain('env.txt');
  });
});

describe('serve --http --ensure in a hostile repository', () => {
  // The SessionStart starter writes its log and pid into the project's config directory: a committed
  // symlink there (or the directory itself a link) must not make it append to, or truncate, a file elsewhere.
  it.each([
    ['the pid file', '.claude/hookctl-serve.pid'],
    ['the log file', '.claude/hookctl-serve.log'],
  ])('refuses to write through a symlinked %s, and starts nothing', async (_what, path) => {
    const box = makeTempProject();
    const victim = box.write('home/.bashrc', 'export KEEP=1\n');
    box.write('project/.claude/settings.json', '{}\n');
    symlinkSync(victim, join(box.project, path));
    const result = await runCli(['serve', '--http', '--ensure', '--port', '1', '--cwd', box.project, '--home', box.home], {
      env: { HOOKCTL_SERVE_TOKEN: TOKEN },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^hookctl: serve --http --ensure: cannot write .*hookctl-serve\.(pid|log): .*symbolic link/m);
    expect(readFileSync(victim, 'utf8')).toBe('export KEEP=1\n');
  });

  it('refuses a config directory that is itself a symlink', async () => {
    const box = makeTempProject();
    const elsewhere = join(box.root, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(box.project, '.claude'));
    const result = await runCli(['serve', '--http', '--ensure', '--port', '1', '--cwd', box.project, '--home', box.home], {
      env: { HOOKCTL_SERVE_TOKEN: TOKEN },
    });
    expect(result.code).toBe(2);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
