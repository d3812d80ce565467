import { createHash, timingSafeEqual } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadContextOf, openEngine, reloadFailureWarnings, type EngineSettings, type HookEngine } from '../engine/engine.js';
import { HookctlError, UsageError } from '../errors.js';
import type { Dialect } from '../kit/index.js';
import type { Outcome } from '../kit/outcome.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { jsonDepth, parseJsonText, stringifyJson } from '../util/safe-json.js';

import { DEFAULT_HTTP_PORT, HOOK_PATH, TOKEN_ENV } from './http-names.js';

export { DEFAULT_HTTP_PORT, HOOK_PATH, TOKEN_ENV };
export const MIN_TOKEN_LENGTH = 16;
/** A payload carries at most a file a tool writes; past this the request is refused (413) unread. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Deeper JSON is refused (400): a payload is a few levels deep; the engine never sees a 100,000-level one. */
export const MAX_BODY_DEPTH = 512;
export const MAX_CONCURRENT_HTTP_DISPATCHES = 32;
/** Requests waiting for a dispatch slot; more are answered 503 at once. */
export const MAX_QUEUED_HTTP_REQUESTS = 256;
export const MAX_CONNECTIONS = 128;
/** Headers must arrive within this (slow-loris), the whole request within `REQUEST_TIMEOUT_MS`. */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** The only names of the server's own environment that hooks get (with CLAUDE_PROJECT_DIR). */
export const HOOK_ENV_NAMES = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR'] as const;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export interface HttpServerOptions {
  dialect: Dialect;
  /** How to load hooks (cwd = the project); the server adds `watch`, `served` and the clean `env`. */
  settings: EngineSettings;
  /** The server's own environment: the token is read from it; hooks get only HOOK_ENV_NAMES of it. */
  env: Readonly<Record<string, string | undefined>>;
  host?: string;
  port: number;
  log(line: string): void;
  signal: AbortSignal;
  /** Called once listening, with the bound port (0 asks the system for one). */
  onListening?(port: number): void;
  maxConcurrentDispatches?: number;
}

/** Refuses anything but a loopback address; the endpoint is never reachable from another machine. */
export function checkLoopbackHost(host: string): void {
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new UsageError(`--host ${JSON.stringify(host)} is not a loopback address: serve --http binds only 127.0.0.1, ::1 or localhost`);
  }
}

/** The token of the server's environment, refused when absent or short (one line naming the remedy). */
export function tokenOf(env: Readonly<Record<string, string | undefined>>): string {
  const token = env[TOKEN_ENV];
  if (token === undefined || token.length < MIN_TOKEN_LENGTH) {
    throw new UsageError(
      `serve --http needs a secret in $${TOKEN_ENV} (at least ${MIN_TOKEN_LENGTH} characters; ` +
        `e.g. \`export ${TOKEN_ENV}=$(openssl rand -hex 24)\` in your shell profile, never in a committed file)`,
    );
  }
  return token;
}

/** Constant-time comparison of the `Authorization` header with `Bearer <token>` (both hashed first, so lengths leak nothing). */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const given = createHash('sha256')
    .update(header ?? '')
    .digest();
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return timingSafeEqual(given, expected) && header !== undefined;
}

/** What hooks run with: a few names of the server's environment, never NODE_OPTIONS, NODE_EXTRA_CA_CERTS, the token… */
export function hookEnvironment(env: Readonly<Record<string, string | undefined>>, projectDir: string): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const name of HOOK_ENV_NAMES) {
    const value = env[name];
    if (value !== undefined) clean[name] = value;
  }
  clean.CLAUDE_PROJECT_DIR = projectDir;
  return clean;
}

/**
 * `hookctl serve --http`: Claude Code's http hooks answered by one watching engine over the served
 * hooks of one project (docs/serve.md, "Over HTTP"). Resolves when the signal aborts.
 */
export async function serveHttp(options: HttpServerOptions): Promise<void> {
  const host = options.host ?? '127.0.0.1';
  checkLoopbackHost(host);
  const token = tokenOf(options.env);
  const answer = options.dialect.protocol.httpAnswer;
  if (answer === undefined) throw new UsageError(`serve --http: ${options.dialect.id} takes no http hooks that hookctl serves`);
  const cwd = loadContextOf(options.settings).cwd;
  const engine = await openEngine(options.dialect, {
    ...options.settings,
    env: hookEnvironment(options.env, cwd),
    served: true,
    workspaceTrust: 'assume',
    watch: true,
    onReload: (error) => {
      if (error === null) options.log(`hookctl serve: configuration reloaded (${engine.handlers.length} hooks)`);
      else for (const problem of reloadFailureWarnings(error)) options.log(`hookctl serve: ${problem}`);
    },
  });
  const limiter = new Limiter(options.maxConcurrentDispatches ?? MAX_CONCURRENT_HTTP_DISPATCHES, MAX_QUEUED_HTTP_REQUESTS);
  const controllers = new Set<AbortController>();
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    (request, response) => {
      void handle(request, response, { engine, answer, token, port: () => (server.address() as AddressInfo).port, limiter, controllers });
    },
  );
  server.maxConnections = MAX_CONNECTIONS;
  server.keepAliveTimeout = 5_000;
  // Slow loris: a connection whose request headers are not complete HEADERS_TIMEOUT_MS after it
  // opened (or after its last answer) is destroyed. Node's own headersTimeout check did not fire in
  // this process (seen on Node 20), so the deadline is kept here, per socket.
  const deadlines = new WeakMap<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket): void => {
    clearTimeout(deadlines.get(socket));
    deadlines.set(
      socket,
      setTimeout(() => socket.destroy(), HEADERS_TIMEOUT_MS),
    );
  };
  server.on('connection', (socket: Socket) => {
    arm(socket);
    socket.once('close', () => clearTimeout(deadlines.get(socket)));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    clearTimeout(deadlines.get(request.socket));
    response.once('finish', () => {
      if (!request.socket.destroyed) arm(request.socket);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    void engine.close();
    throw error.code === 'EADDRINUSE' ? new UsageError(`port ${options.port} on ${host} is in use (another hookctl serve --http?)`) : error;
  });
  const port = (server.address() as AddressInfo).port;
  options.log(
    `hookctl serve: ready: ${engine.dialect} served hooks of ${cwd} (${engine.handlers.length} hooks) ` +
      `on http://${host}:${port}${HOOK_PATH}`,
  );
  options.onListening?.(port);
  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    else options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  for (const controller of controllers) controller.abort();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await engine.close({ signal: AbortSignal.abort() });
}

interface Context {
  engine: HookEngine;
  /** The dialect's wire form of an outcome (DialectProtocol.httpAnswer). */
  answer(outcome: Outcome): Record<string, unknown>;
  token: string;
  port(): number;
  limiter: Limiter;
  controllers: Set<AbortController>;
}

async function handle(request: IncomingMessage, response: ServerResponse, context: Context): Promise<void> {
  const refusal = refuse(request, context);
  if (refusal !== null) {
    request.resume();
    reply(response, refusal.status, { error: refusal.message }, refusal.headers);
    return;
  }
  const body = await readBody(request);
  if (typeof body === 'number') {
    reply(
      response,
      body,
      { error: body === 413 ? `request body larger than ${MAX_BODY_BYTES} bytes` : 'request body not received' },
      {
        Connection: 'close',
      },
    );
    if (body === 413) request.destroy();
    return;
  }
  const parsed = parseJsonText(body);
  if (!parsed.ok || !isPlainObject(parsed.value)) {
    reply(response, 400, { error: 'the body must be a JSON object (the hook payload)' });
    return;
  }
  if (jsonDepth(parsed.value) > MAX_BODY_DEPTH) {
    reply(response, 400, { error: `the body is nested deeper than ${MAX_BODY_DEPTH} levels` });
    return;
  }
  const payload = parsed.value;
  const event = payload.hook_event_name;
  if (typeof event !== 'string') {
    reply(response, 400, { error: 'the payload has no string hook_event_name' });
    return;
  }
  if (!context.limiter.admit()) {
    reply(response, 503, { error: 'too many requests waiting' });
    return;
  }
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  // The client gone (Claude's timeout): the hooks it waited for are stopped.
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  await context.limiter.run(async () => {
    if (controller.signal.aborted) return;
    context.controllers.add(controller);
    try {
      const outcome = await context.engine.dispatch(event, payload, { signal: controller.signal });
      reply(response, 200, context.answer(outcome));
    } catch (error) {
      // Non-2xx: Claude reports the hook failed; with "onFailure": "block" it blocks the action.
      reply(response, error instanceof HookctlError ? 400 : 500, { error: error instanceof Error ? error.message : String(error) });
    } finally {
      context.controllers.delete(controller);
    }
  });
}

interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** Method, path, Host, Origin, token: in that order; the token is compared last and in constant time. */
function refuse(request: IncomingMessage, context: Context): Refusal | null {
  if (request.method !== 'POST') return { status: 405, message: 'only POST', headers: { Allow: 'POST' } };
  const path = (request.url ?? '').split('?')[0];
  if (path !== HOOK_PATH) return { status: 404, message: `the endpoint is POST ${HOOK_PATH}` };
  const port = context.port();
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still says Host: evil.example.
  if (!allowedHosts.includes((request.headers.host ?? '').toLowerCase()))
    return { status: 421, message: 'Host is not this loopback server' };
  // Browsers always send Origin on a cross-site POST; Claude Code never does.
  if (request.headers.origin !== undefined) return { status: 403, message: 'browser requests are refused' };
  if (!tokenMatches(request.headers.authorization, context.token)) return { status: 401, message: 'missing or wrong token' };
  return null;
}

/** The body as text, or the status that refuses it (413 past MAX_BODY_BYTES, 400 when the client aborts). */
function readBody(request: IncomingMessage): Promise<string | number> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.resolve(413);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    request.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        chunks.length = 0;
        resolve(413);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
      done = true;
    });
    request.on('error', () => {
      if (!done) resolve(400);
      done = true;
    });
    request.on('aborted', () => {
      if (!done) resolve(400);
      done = true;
    });
  });
}

function reply(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent || response.destroyed) return;
  let text: string;
  try {
    text = stringifyJson(body);
  } catch (error) {
    status = 500;
    text = JSON.stringify({ error: `the answer cannot be written as JSON: ${(error as Error).message}` });
  }
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Hookctl': 'serve', ...headers });
  response.end(text);
}

/** At most `slots` dispatches at once, in arrival order; at most `queueLimit` waiting. */
class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private admitted = 0;
  constructor(
    private readonly slots: number,
    private readonly queueLimit: number,
  ) {}

  admit(): boolean {
    if (this.admitted >= this.slots + this.queueLimit) return false;
    this.admitted++;
    return true;
  }

  async run(work: () => Promise<void>): Promise<void> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      await work();
    } finally {
      this.running--;
      this.admitted--;
      this.waiting.shift()?.();
    }
  }
}

/** Whether a `serve --http` of this token answers on the port (the SessionStart starter's probe). */
export async function probe(port: number, token: string, timeoutMs = 1_000): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${HOOK_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"hook_event_name":"hookctl-probe"}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.text();
    // A server of this token answers the unknown event with 400; a wrong one 401; a stranger anything.
    return response.status === 400 && response.headers.get('x-hookctl') === 'serve';
  } catch {
    return false;
  }
}
