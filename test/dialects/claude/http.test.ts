import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { urlAllowed } from '../../../src/dialects/claude/http.js';
import { runCli } from '../../helpers/run-cli.js';
import { dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => (server = null)));

interface Reply {
  status: number;
  body: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

/** A real HTTP server on 127.0.0.1 answering every request with `answer`; it records what it received. */
async function serve(answer: (request: IncomingMessage) => Reply) {
  const requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({ method: request.method!, path: request.url!, headers: request.headers, body });
      const reply = answer(request);
      setTimeout(
        () => response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body),
        reply.delayMs ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, port, requests };
}

const http = (url: string, extra: Record<string, unknown> = {}) => ({ type: 'http', url, ...extra });
const deny = {
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'blocked over HTTP' },
};

describe('claude http hooks against a real server (SPEC-dialects 8.2, 8.5.6)', () => {
  it('POSTs the payload as JSON and reads a 2xx JSON body like command stdout', async () => {
    const { base, requests } = await serve(() => ({ status: 200, body: JSON.stringify(deny) }));
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([http(`${base}/hooks/pre-tool-use`)], 'Bash')] }));
    const outcome = await dispatchOnce(box, 'PreToolUse', { session_id: 'http-1' });
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'blocked over HTTP', blocked: true });
    expect(outcome.runs[0]).toMatchObject({ handlerType: 'http', command: `${base}/hooks/pre-tool-use`, status: 'blocked' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/hooks/pre-tool-use', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ session_id: 'http-1', hook_event_name: 'PreToolUse', tool_name: 'Bash' });
  });

  it('a 2xx with an empty body is success with no output', async () => {
    const { base } = await serve(() => ({ status: 204, body: '' }));
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([http(base)])] }));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  it.each([
    [{ status: 200, body: 'plain text' }, 'PreToolUse hook error: the HTTP response body is not a JSON object'],
    [{ status: 500, body: JSON.stringify(deny) }, 'HTTP 500'],
    [{ status: 403, body: '' }, 'HTTP 403'],
    [{ status: 302, body: '', headers: { location: 'http://127.0.0.1:1/' } }, 'HTTP 302'],
  ])('%j is a non-blocking error: no effect (a status code alone never blocks; redirects are not followed)', async (reply, error) => {
    const { base } = await serve(() => reply);
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([http(base)])] }));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome).toMatchObject({ decision: null, blocked: false });
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: expect.stringContaining(error) });
  });

  it('a timeout renders no decision', async () => {
    const { base } = await serve(() => ({ status: 200, body: JSON.stringify(deny), delayMs: 2_000 }));
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([http(base, { timeout: 0.3 })])] }));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]!.status).toBe('timed_out');
  });

  it('interpolates $VAR and ${VAR} in headers only for names in allowedEnvVars; others become empty', async () => {
    const { base, requests } = await serve(() => ({ status: 200, body: '{}' }));
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({
        Stop: [
          group([
            http(base, {
              headers: { Authorization: 'Bearer $MY_TOKEN', 'X-Both': '${MY_TOKEN}/${SECRET}/$SECRET' },
              allowedEnvVars: ['MY_TOKEN'],
            }),
          ]),
        ],
      }),
    );
    await dispatchOnce(box, 'Stop', {}, { env: { PATH: process.env.PATH, MY_TOKEN: 'tok', SECRET: 'do-not-send' } });
    expect(requests[0]!.headers).toMatchObject({ authorization: 'Bearer tok', 'x-both': 'tok//' });
  });

  it('httpHookAllowedEnvVars in any settings file narrows the names further', async () => {
    const { base, requests } = await serve(() => ({ status: 200, body: '{}' }));
    const box = makeClaudeSandbox();
    box.settings('etc/claude-code/managed-settings.json', { httpHookAllowedEnvVars: ['ALLOWED'] });
    box.settings(
      'project/.claude/settings.json',
      hooks({ Stop: [group([http(base, { headers: { 'X-A': '$ALLOWED', 'X-B': '$LISTED' }, allowedEnvVars: ['ALLOWED', 'LISTED'] })])] }),
    );
    await dispatchOnce(box, 'Stop', {}, { env: { PATH: process.env.PATH, ALLOWED: 'a', LISTED: 'b' } });
    expect(requests[0]!.headers).toMatchObject({ 'x-a': 'a', 'x-b': '' });
  });

  it('list shows the merged httpHookAllowedEnvVars and the file of each name, as lint does (text and --json)', async () => {
    const box = makeClaudeSandbox();
    box.settings('etc/claude-code/managed-settings.json', { httpHookAllowedEnvVars: ['TOKEN'] });
    box.settings('home/.claude/settings.json', { httpHookAllowedEnvVars: ['TOKEN', 'HOME_ONLY'] });
    box.settings('project/.claude/settings.json', {
      httpHookAllowedEnvVars: ['AWS_SECRET_ACCESS_KEY'],
      ...hooks({ Stop: [group([http('http://127.0.0.1:9/x', { allowedEnvVars: ['TOKEN', 'AWS_SECRET_ACCESS_KEY'] })])] }),
    });
    box.trustWorkspace();
    const flags = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
    const managed = box.managed;
    const user = join(box.home, '.claude/settings.json');
    const project = join(box.project, '.claude/settings.json');
    const text = await runCli(['list', ...flags]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      [
        'httpHookAllowedEnvVars (environment variables HTTP hook headers may interpolate; lists merge across settings files):',
        `  TOKEN — from ${managed}, ${user}`,
        `  HOME_ONLY — from ${user}`,
        `  AWS_SECRET_ACCESS_KEY — from ${project}`,
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await runCli(['list', '--json', ...flags])).stdout) as { settings: unknown };
    expect(json.settings).toEqual([
      {
        key: 'httpHookAllowedEnvVars',
        merge: 'lists merge across settings files',
        meaning: 'environment variables HTTP hook headers may interpolate',
        values: [
          { value: 'TOKEN', files: [managed, user] },
          { value: 'HOME_ONLY', files: [user] },
          { value: 'AWS_SECRET_ACCESS_KEY', files: [project] },
        ],
      },
    ]);
    // lint's info row names the same files for the names this hook asks for.
    const lint = await runCli(['lint', '--effective', '--format', 'json', ...flags]);
    const info = (JSON.parse(lint.stdout) as { findings: { ruleId: string; message: string }[] }).findings.find(
      (finding) => finding.ruleId === 'http-env-allowed',
    );
    expect(info?.message).toContain(
      `TOKEN (from ${managed}, ${user.replace(`${box.project}/`, '')}), AWS_SECRET_ACCESS_KEY (from .claude/settings.json)`,
    );
  });

  it('list shows no settings block (and no JSON key) when no layer sets httpHookAllowedEnvVars', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([http('http://127.0.0.1:9/x')])] }));
    const flags = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
    expect((await runCli(['list', ...flags])).stdout).not.toContain('httpHookAllowedEnvVars');
    expect(JSON.parse((await runCli(['list', '--json', ...flags])).stdout)).not.toHaveProperty('settings');
  });

  it('a URL outside allowedHttpHookUrls is skipped as url-not-allowed and never requested', async () => {
    const { base, port, requests } = await serve(() => ({ status: 200, body: JSON.stringify(deny) }));
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', { allowedHttpHookUrls: [`http://localhost:${port}/*`] });
    box.settings('project/.claude/settings.json', { allowedHttpHookUrls: [`http://127.0.0.1:${port}/allowed/*`] });
    box.settings('project/.claude/settings.local.json', hooks({ PreToolUse: [group([http(`${base}/allowed/x`), http(`${base}/other`)])] }));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome.runs.map((run) => [run.status, run.skipReason])).toEqual([
      ['blocked', null],
      ['skipped', 'url-not-allowed'],
    ]);
    expect(outcome.runs[1]!.error).toBe(`${base}/other matches no pattern of allowedHttpHookUrls; not run`);
    expect(requests.map((request) => request.path)).toEqual(['/allowed/x']);
  });

  it('an empty allowedHttpHookUrls blocks every HTTP hook; no setting allows every URL', async () => {
    expect(urlAllowed('https://hooks.example.com/x', [])).toBe(false);
    expect(urlAllowed('https://hooks.example.com/x', null)).toBe(true);
  });

  it.each([
    ['https://hooks.example.com/*', 'https://hooks.example.com/a/b', true],
    ['https://hooks.example.com/*', 'https://HOOKS.Example.com./a', true],
    ['https://*.example.com/*', 'https://api.example.com/x', true],
    ['https://hooks.example.com/*', 'https://hooks.example.com.evil.io/x', false],
    ['https://hooks.example.com/a', 'https://hooks.example.com/a/b', false],
    ['http://localhost:8080/*', 'http://localhost:9090/x', false],
    // A wildcard host whose last label is a number is no valid URL host; Claude still matches it.
    ['http://*.0.0.1:8080/c*', 'http://127.0.0.1:8080/c7', true],
    ['http://*.0.0.1:8080/c*', 'http://127.1:8080/c9', true],
    ['http://*.0.0.1:8080/c*', 'http://localhost:8080/c8', false],
    ['http://*.0.0.1:*/c', 'http://127.0.0.1:1234/c', true],
    ['http://*.0.0.1/*', 'http://127.0.0.1.evil.io/x', false],
  ])('pattern %s and %s: %s', (pattern, url, expected) => {
    expect(urlAllowed(url, [pattern])).toBe(expected);
  });

  it('an unreachable server is a non-blocking error naming the cause', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([http('http://127.0.0.1:9/hook')])] }));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('ECONNREFUSED') });
  });
});
