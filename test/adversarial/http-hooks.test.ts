import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { urlAllowed } from '../../src/dialects/claude/http.js';
import { runCli } from '../helpers/run-cli.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, type ClaudeSandbox } from '../dialects/claude/sandbox.js';
import { CRASH } from './kit.js';

/**
 * claude `http` hooks under attack (issue 22, holes 1 and 2). Whatever a handler's config says, it
 * is at worst that handler's failed run: the managed exit-2 deny beside it still decides. And the
 * allow-list is matched against the URL that is actually requested.
 */

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => (server = null)));

/** A real server on 127.0.0.1 that records each request's Host, path and Authorization. */
async function recorder() {
  const requests: { path: string; headers: IncomingMessage['headers'] }[] = [];
  server = createServer((request: IncomingMessage, response) => {
    requests.push({ path: request.url!, headers: request.headers });
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server!.address() as AddressInfo).port, requests };
}

const MANAGED_DENY = hooks({ PreToolUse: [group([command("echo 'managed policy: no' >&2; exit 2")], 'Bash')] });
const http = (url: string, extra: Record<string, unknown> = {}) => ({ type: 'http', url, ...extra });

/** A sandbox with the managed deny and `handler` in the user's settings (a trusted workspace). */
function besideManagedDeny(handler: unknown): ClaudeSandbox {
  const box = makeClaudeSandbox();
  box.settings('etc/claude-code/managed-settings.json', MANAGED_DENY);
  box.settings('home/.claude/settings.json', hooks({ PreToolUse: [group([handler], 'Bash')] }));
  box.trustWorkspace();
  return box;
}

/** Headers Node refuses: the hook's own failed run, nothing sent. */
const REFUSED_HEADERS: [string, unknown][] = [
  ['a control character in a header value', { headers: { 'X-Note': 'a\u0001b' } }],
  ['DEL in a header value', { headers: { 'X-Note': 'a\u007fb' } }],
  ['a header name with a space', { headers: { 'X Note': 'a' } }],
  ['a header name with a colon', { headers: { 'X:Note': 'a' } }],
  ['a header name with CR/LF', { headers: { 'X-A\r\nX-B': 'a' } }],
  ['an empty header name', { headers: { '': 'a' } }],
  ['a value outside Latin-1', { headers: { 'X-Note': 'snow \u2603' } }],
  ['a value with an emoji (surrogates)', { headers: { 'X-Note': '\u{1F600}' } }],
  ['an allowed env var outside Latin-1', { headers: { Authorization: 'Bearer $SNOW' }, allowedEnvVars: ['SNOW'] }],
];

/** CR, LF and NUL are removed from header values, as Claude Code does: one header arrives, none injected. */
const STRIPPED_HEADERS: [string, unknown][] = [
  ['a CR/LF in a header value', { headers: { 'X-Note': 'a\r\nX-Injected: 1' } }],
  ['a lone LF in a header value', { headers: { 'X-Note': 'a\nX-Injected: 1' } }],
  ['a NUL in a header value', { headers: { 'X-Note': 'a\u0000X-Injected: 1' } }],
  ['an allowed env var holding CR/LF', { headers: { 'X-Note': '$TOKEN' }, allowedEnvVars: ['TOKEN'] }],
];

const ENV = { PATH: process.env.PATH, TOKEN: 'a\r\nX-Injected: 1', SNOW: '\u2603' };

describe('claude http hooks: one bad handler is only its own failed run (issue 22, hole 1)', () => {
  it.each(REFUSED_HEADERS)('%s: the library dispatch keeps the managed deny and fails only that run', async (_, fields) => {
    const { port, requests } = await recorder();
    const box = besideManagedDeny(http(`http://127.0.0.1:${port}/x`, fields as Record<string, unknown>));
    const outcome = await dispatchOnce(box, 'PreToolUse', {}, { env: ENV });
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'managed policy: no' });
    expect(outcome.runs[1]).toMatchObject({ handlerType: 'http', status: 'failed', error: expect.stringMatching(/header/i) });
    expect(requests).toEqual([]);
  });

  it.each(STRIPPED_HEADERS)('%s: removed before sending, no header injected, the deny kept', async (_, fields) => {
    const { port, requests } = await recorder();
    const box = besideManagedDeny(http(`http://127.0.0.1:${port}/x`, fields as Record<string, unknown>));
    const outcome = await dispatchOnce(box, 'PreToolUse', {}, { env: ENV });
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'managed policy: no' });
    expect(outcome.runs[1]).toMatchObject({ handlerType: 'http', status: 'completed' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers['x-note']).toBe('aX-Injected: 1');
    expect(requests[0]!.headers['x-injected']).toBeUndefined();
  });

  it('through the real `hookctl run`: no internal error, the deny is the outcome (exit 2 on stderr as Claude reads it)', async () => {
    const { port } = await recorder();
    const box = besideManagedDeny(http(`http://127.0.0.1:${port}/x`, { headers: { 'X-Note': '\u2603', 'Bad Name': 'x' } }));
    const payload = JSON.stringify(await box.payload('PreToolUse'));
    const flags = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
    const result = await runCli(['run', 'PreToolUse', ...flags], { input: payload });
    expect(result.stderr).not.toMatch(CRASH);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'deny', reason: 'managed policy: no' });
  });
});

describe('claude http hooks: allowedHttpHookUrls matches the URL that is requested (issue 22, hole 2)', () => {
  /** The allow-list in managed settings, the hook in the user's settings, and what reached the server. */
  async function attempt(pattern: string, url: (port: number) => string) {
    const { port, requests } = await recorder();
    const box = makeClaudeSandbox();
    box.settings('etc/claude-code/managed-settings.json', { allowedHttpHookUrls: [pattern.replace('PORT', String(port))] });
    box.settings('home/.claude/settings.json', hooks({ PreToolUse: [group([http(url(port))], 'Bash')] }));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    return { run: outcome.runs[0]!, requests };
  }

  it('userinfo cannot smuggle another host past `http://localhost:*`: refused, nothing sent', async () => {
    const { run, requests } = await attempt('http://localhost:*', (port) => `http://localhost:1@127.0.0.1:${port}/x`);
    expect(run).toMatchObject({ status: 'skipped', skipReason: 'url-not-allowed' });
    expect(requests).toEqual([]);
  });

  it('a host `*` does not run into the path: `http://*.hooks.test/*` does not admit 127.0.0.1/.hooks.test/x', async () => {
    const { run, requests } = await attempt('http://*.hooks.test/*', (port) => `http://127.0.0.1:${port}/.hooks.test/x`);
    expect(run).toMatchObject({ status: 'skipped', skipReason: 'url-not-allowed' });
    expect(requests).toEqual([]);
  });

  it('the documented forms still admit what they name (and the request goes to the parsed host)', async () => {
    const { run, requests } = await attempt('http://127.0.0.1:*', (port) => `http://127.0.0.1:${port}/hook?a=1`);
    expect(run).toMatchObject({ status: 'completed' });
    expect(requests).toMatchObject([{ path: '/hook?a=1' }]);
  });

  it('without any allow-list a URL with credentials is still refused: a failed run, no request, no Basic auth sent', async () => {
    const { port, requests } = await recorder();
    const box = besideManagedDeny(http(`http://user:secret@127.0.0.1:${port}/x`));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome).toMatchObject({ decision: 'deny' });
    expect(outcome.runs[1]).toMatchObject({ status: 'failed', error: expect.stringContaining('credentials') });
    expect(requests).toEqual([]);
  });

  it.each([
    ['http://localhost:*', 'http://localhost:1@127.0.0.2:8080/x', false],
    ['http://localhost:*', 'http://localhost@127.0.0.2/x', false],
    ['http://localhost:*', 'http://localhost:8080/x', true],
    ['http://localhost:*', 'http://LOCALHOST./x', true],
    ['http://localhost:*', 'http://localhost.evil.test:80/x', false],
    ['http://*.hooks.test/*', 'http://127.0.0.2:9/.hooks.test/x', false],
    ['http://*.hooks.test/*', 'http://127.0.0.2/?.hooks.test/x', false],
    ['http://*.hooks.test/*', 'http://127.0.0.2/#.hooks.test/x', false],
    ['http://*.hooks.test/*', 'http://a.hooks.test/x', true],
    ['http://*.hooks.test/*', 'http://a.hooks.test:9/x', true],
    ['http://*.hooks.test/*', 'http://a.hooks.test.evil.test/x', false],
    ['http://*.hooks.test/*', 'http://evil.test\\.hooks.test/x', false],
    ['https://hooks.example.com/*', 'https://hooks.example.com/a/b', true],
    ['https://hooks.example.com/*', 'https://hooks.example.com:8443/a', false],
    ['https://hooks.example.com/*', 'http://hooks.example.com/a', false],
    ['https://hooks.example.com/a/*', 'https://hooks.example.com/a/../b', false],
    ['https://hooks.example.com/a/*', 'https://hooks.example.com/a/%2e%2e/b', false],
    ['https://hooks.example.com', 'https://hooks.example.com/any/path', true],
    ['https://user@hooks.example.com/*', 'https://user@hooks.example.com/x', false],
    ['*', 'http://anything.test/x', true],
    ['*', 'http://u:p@anything.test/x', false],
    ['not a url *', 'http://anything.test/x', false],
    ['http://[::1]:*/*', 'http://[::1]:8080/x', true],
    ['http://127.0.0.1:*/*', 'http://0x7f.0.0.1:8080/x', true],
  ])('pattern %s, URL %s: %s', (pattern, url, expected) => {
    expect(urlAllowed(url, [pattern])).toBe(expected);
  });
});
