import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { loopbackNamespace } from '../../../util/loopback-namespace.js';

/**
 * One hook as `codex app-server` lists it (`hooks/list`, app-server-protocol v2 HookMetadata). Codex
 * 0.169.0 reports `async`; later sources replace it with `executionMode`.
 */
export interface CodexHookMetadata {
  key: string;
  eventName: string;
  handlerType: string;
  async?: boolean;
  executionMode?: string;
  environmentId?: string | null;
  matcher: string | null;
  command: string | null;
  timeoutSec: number;
  statusMessage: string | null;
  additionalContextLimit: number | null;
  sourcePath: string;
  source: string;
  pluginId: string | null;
  displayOrder: number;
  enabled: boolean;
  isManaged: boolean;
  currentHash: string;
  trustStatus: 'managed' | 'untrusted' | 'trusted' | 'modified';
}

export interface CodexHooksList {
  cwd: string;
  hooks: CodexHookMetadata[];
  warnings: string[];
  errors: unknown[];
}

/** `config/batchWrite` edits (app-server-protocol v2 ConfigEdit). */
export interface CodexConfigEdit {
  keyPath: string;
  value: unknown;
  mergeStrategy: 'replace' | 'upsert';
}

export interface CodexAppServer {
  request<T>(method: string, params: unknown): Promise<T>;
  hooksList(cwd: string): Promise<CodexHooksList>;
  batchWrite(edits: readonly CodexConfigEdit[]): Promise<unknown>;
  close(): Promise<void>;
}

// No request of ours takes longer; a hung server fails the call instead of the caller.
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * `codex app-server` (JSON-RPC, one JSON object per line on stdio) inside a loopback-only namespace,
 * initialised and ready: Codex's own view of the hooks of a CODEX_HOME and project. Null with a
 * reason where no namespace can be made.
 */
export async function openCodexAppServer(
  codexBin: string,
  env: Readonly<Record<string, string>>,
): Promise<CodexAppServer | { unavailable: string }> {
  const namespace = loopbackNamespace();
  if (!namespace.available) return { unavailable: namespace.reason };
  const [command, ...args] = namespace.wrap([codexBin, 'app-server']);
  const child = spawn(command as string, args, {
    env: { ...process.env, RUST_LOG: 'error', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  const server = rpc(child);
  await server.request('initialize', { clientInfo: { name: 'hookctl', title: null, version: '0' }, capabilities: null });
  server.notify('initialized');
  return {
    request: server.request,
    async hooksList(cwd) {
      const response = await server.request<{ data: CodexHooksList[] }>('hooks/list', { cwds: [cwd] });
      const entry = response.data[0];
      if (entry === undefined) throw new Error('hooks/list returned no entry');
      return entry;
    },
    batchWrite: (edits) => server.request('config/batchWrite', { edits, reloadUserConfig: false }),
    close: () =>
      new Promise((resolve) => {
        child.once('close', () => resolve());
        child.stdin.end();
        // It keeps background work (plugin sync) going after stdin closes; nothing of it is wanted.
        setTimeout(() => child.kill('SIGTERM'), 200).unref();
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}

function rpc(child: ChildProcessWithoutNullStreams) {
  let next = 1;
  let buffer = '';
  let stderr = '';
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
  });
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) settle(line);
    }
  });
  child.on('close', () => {
    for (const { reject } of pending.values()) reject(new Error(`codex app-server exited: ${stderr.trim().slice(0, 400)}`));
    pending.clear();
  });
  function settle(line: string): void {
    let message: { id?: number; result?: unknown; error?: { message?: string } };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof message.id !== 'number') return; // a notification or a server request
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`codex app-server: ${message.error.message ?? JSON.stringify(message.error)}`));
    else waiter.resolve(message.result);
  }
  return {
    request<T>(method: string, params: unknown): Promise<T> {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`codex app-server: ${method} timed out`));
        }, REQUEST_TIMEOUT_MS);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    },
    notify(method: string): void {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
    },
  };
}
