import { spawn } from 'node:child_process';
import { isPlainObject } from '../../../util/is-plain-object.js';
import { processesBelow, type StillRunning } from '../../../util/process-tree.js';
import { TOKEN_ENV } from '../../../serve/http-names.js';
import { type FirstPartyTls, type ModelScript, type RecordedRequest, startModelServer } from './model-server.js';

/**
 * One non-interactive Claude Code session against the scripted model server: the server is started,
 * `claude -p` runs with its base URL, a dummy key, a private HOME and config directory and no
 * non-essential traffic, and everything observable is collected. Run this inside a loopback-only
 * network namespace (see driver.ts): the agent must reach nothing but the server.
 */
export interface SessionSpec {
  /** The claude executable. */
  readonly claude: string;
  /** The project directory Claude starts in. */
  readonly cwd: string;
  readonly home: string;
  readonly configDir: string;
  readonly prompt: string;
  readonly script: ModelScript;
  /** More arguments after `-p <prompt> --output-format stream-json --verbose --include-hook-events`. */
  readonly args?: readonly string[];
  /** More environment (wins over the defaults). */
  readonly env?: Readonly<Record<string, string>>;
  /** An HTTP hook endpoint of the case's own, on 127.0.0.1:`port` inside the namespace. */
  readonly hookServer?: HookServerSpec;
  /**
   * `hookctl serve --http` over the project at `cwd`, on 127.0.0.1:`port` inside the namespace, with
   * `token` as its secret (`test --agent --served`); Claude gets the token in its environment. The
   * driver (driver.ts) runs it around the session.
   */
  readonly served?: { readonly port: number; readonly token: string };
  /**
   * Serve the scripted model as the Anthropic API itself over TLS (model-server.ts FirstPartyTls),
   * with no ANTHROPIC_BASE_URL: a first-party session. The caller makes api.anthropic.com resolve
   * to 127.0.0.1 and the agent trust the certificate's CA (NODE_EXTRA_CA_CERTS).
   */
  readonly firstParty?: FirstPartyTls;
  /** Kills Claude after this long (default 90 s). */
  readonly timeoutMs?: number;
  /**
   * Stream-json input (`--input-format stream-json`): these lines go to Claude's stdin, then it is
   * closed; the prompt is sent as the last user message. How a case sends the SDK's control requests.
   */
  readonly input?: readonly unknown[];
}

export interface HookServerSpec {
  readonly port: number;
  /** Path → answer; an unknown path gets 404. */
  readonly routes: Readonly<Record<string, { readonly status?: number; readonly body?: unknown; readonly delayMs?: number }>>;
}

export interface SessionResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  /** On a timeout, the processes Claude had started that were still running (a hook that hangs), oldest first. */
  readonly stillRunning?: readonly StillRunning[];
  readonly durationMs: number;
  /** Every stream-json line Claude printed, parsed (non-JSON lines as strings). */
  readonly events: readonly unknown[];
  readonly stderr: string;
  /** Every request Claude made to the model, without the (large, constant) tool list. */
  readonly requests: readonly RecordedRequest[];
  /** Every request the case's HTTP hook endpoint received. */
  readonly hookRequests: readonly RecordedRequest[];
}

const OUTPUT_LIMIT = 32 * 1024 * 1024;

export async function runSession(spec: SessionSpec): Promise<SessionResult> {
  const server = await startModelServer(spec.script, '127.0.0.1', spec.firstParty);
  const hooks = spec.hookServer ? await startHookServer(spec.hookServer) : null;
  const started = Date.now();
  try {
    const run = await spawnClaude(spec, server.url);
    return {
      ...run,
      durationMs: Date.now() - started,
      requests: server.requests.map(slimRequest),
      hookRequests: hooks?.requests ?? [],
    };
  } finally {
    await server.close();
    await hooks?.close();
  }
}

/** The environment Claude runs with: nothing of the caller's but PATH and the locale. */
export function sessionEnv(spec: SessionSpec, baseUrl: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: spec.home,
    CLAUDE_CONFIG_DIR: spec.configDir,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-scripted-model-dummy-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
  // As root, Claude refuses --dangerously-skip-permissions unless told it is sandboxed.
  if (typeof process.getuid === 'function' && process.getuid() === 0) env.IS_SANDBOX = '1';
  if (spec.served) env[TOKEN_ENV] = spec.served.token;
  if (spec.firstParty) delete env.ANTHROPIC_BASE_URL;
  return { ...env, ...spec.env };
}

interface ClaudeRun {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stillRunning: StillRunning[];
  events: unknown[];
  stderr: string;
}

/** Claude Code's own processes: the native `claude` (`claude.exe` in the npm package) or `node …/cli.js`. */
const isClaude = (argv: readonly string[]): boolean => argv.some((arg, i) => i < 2 && /(^|\/)(claude(\.exe)?|cli\.js)$/.test(arg));

function spawnClaude(spec: SessionSpec, baseUrl: string): Promise<ClaudeRun> {
  const input = spec.input === undefined ? [] : ['--input-format', 'stream-json'];
  const prompt = spec.input === undefined ? [spec.prompt] : [];
  const args = ['-p', ...prompt, ...input, '--output-format', 'stream-json', '--verbose', '--include-hook-events', ...(spec.args ?? [])];
  const options = { cwd: spec.cwd, env: sessionEnv(spec, baseUrl) };
  const child =
    spec.input === undefined
      ? spawn(spec.claude, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(spec.claude, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  if (spec.input !== undefined && child.stdin !== null) {
    const user = { type: 'user', message: { role: 'user', content: spec.prompt } };
    child.stdin.on('error', () => {});
    child.stdin.end([...spec.input, user].map((line) => `${JSON.stringify(line)}\n`).join(''));
  }
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < OUTPUT_LIMIT) stderr += chunk.toString('utf8');
  });
  let timedOut = false;
  let stillRunning: StillRunning[] = [];
  const timer = setTimeout(() => {
    timedOut = true;
    // What was still running says why: a hook that hangs, with its command and how long it ran.
    if (child.pid !== undefined) stillRunning = processesBelow(child.pid, isClaude);
    child.kill('SIGKILL');
  }, spec.timeoutMs ?? 90_000);
  return new Promise((resolve) => {
    const finish = (exitCode: number | null, signal: string | null): void => {
      clearTimeout(timer);
      resolve({ exitCode, signal, timedOut, stillRunning, events: parseLines(stdout), stderr });
    };
    child.on('error', (error) => {
      stderr += `spawn failed: ${error.message}\n`;
      finish(null, null);
    });
    child.on('close', finish);
  });
}

function parseLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    });
}

function slimRequest(request: RecordedRequest): RecordedRequest {
  if (!isPlainObject(request.body)) return request;
  const { tools, ...rest } = request.body;
  return { ...request, body: { ...rest, toolNames: Array.isArray(tools) ? tools.map((t) => (isPlainObject(t) ? t.name : null)) : [] } };
}

async function startHookServer(spec: HookServerSpec): Promise<{ requests: RecordedRequest[]; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
      const route = spec.routes[(req.url ?? '/').split('?')[0] ?? '/'];
      const reply = (): void => {
        if (!route) return void res.writeHead(404).end();
        const text = typeof route.body === 'string' ? route.body : JSON.stringify(route.body ?? {});
        res.writeHead(route.status ?? 200, { 'content-type': 'application/json' }).end(text);
      };
      if (route?.delayMs) setTimeout(reply, route.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(spec.port, '127.0.0.1', resolve));
  return {
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
