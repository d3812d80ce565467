import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { BIN } from './run-cli.js';
import { isRunning } from './processes.js';

/** One JSON-RPC response line as the server wrote it. */
export interface RpcResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: any;
  error?: { code: number; message: string; data?: any };
}

export interface ServeSession {
  child: ChildProcessWithoutNullStreams;
  /** Sends a request with a fresh numeric id and resolves with its response. */
  request(method: string, params?: unknown): Promise<RpcResponse>;
  /** Sends a request with the given id (pipelining tests choose ids); resolves with its response. */
  requestWithId(id: string | number, method: string, params?: unknown): Promise<RpcResponse>;
  /** Writes raw text (a line the test makes up, a notification). */
  write(text: string): void;
  /** Every response received so far, in the order they arrived. */
  responses: RpcResponse[];
  /** Resolves with the first response (already received or to come) that satisfies `match`. */
  waitForResponse(match: (response: RpcResponse) => boolean): Promise<RpcResponse>;
  stderr(): string;
  /** Resolves when the server process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Closes standard input (end of input). */
  end(): void;
}

/** Starts the real `hookctl serve` as a child process; killed after the test if still running. */
export function startServe(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): ServeSession {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  const responses: RpcResponse[] = [];
  const waiters: { match: (response: RpcResponse) => boolean; resolve: (response: RpcResponse) => void }[] = [];
  let stdoutBuffer = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdoutBuffer += chunk;
    for (let newline = stdoutBuffer.indexOf('\n'); newline !== -1; newline = stdoutBuffer.indexOf('\n')) {
      const line = stdoutBuffer.slice(0, newline);
      stdoutBuffer = stdoutBuffer.slice(newline + 1);
      const response = JSON.parse(line) as RpcResponse;
      responses.push(response);
      for (const waiter of [...waiters]) {
        if (waiter.match(response)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(response);
        }
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let nextId = 1;
  const waitForResponse = (match: (response: RpcResponse) => boolean): Promise<RpcResponse> => {
    const found = responses.find(match);
    if (found) return Promise.resolve(found);
    const answered = new Promise<RpcResponse>((resolve) => waiters.push({ match, resolve }));
    // A server that exits without answering fails the wait at once, with what it said.
    const gone = exited.then(async (status) => {
      await new Promise((resolve) => setImmediate(resolve));
      const late = responses.find(match);
      if (late) return late;
      throw new Error(`hookctl serve exited (${JSON.stringify(status)}) without this answer; stderr:\n${stderr}`);
    });
    return Promise.race([answered, gone]);
  };
  const requestWithId = (id: string | number, method: string, params?: unknown): Promise<RpcResponse> => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })}\n`);
    return waitForResponse((response) => response.id === id);
  };
  return {
    child,
    request: (method, params) => requestWithId(nextId++, method, params),
    requestWithId,
    write: (text) => child.stdin.write(text),
    responses,
    waitForResponse,
    stderr: () => stderr,
    exited,
    end: () => child.stdin.end(),
  };
}

const started: ChildProcessWithoutNullStreams[] = [];

/** Kills servers a failed test left running (call from afterEach). */
export function killLeftoverServers(): void {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Polls until `condition` holds, failing after `limitMs` (generous: this waits for an event, it
 * does not time anything).
 */
export async function eventually(condition: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The pid a hook wrote to `file` (`echo $$ > file`), once it is there. */
export async function pidFrom(file: string): Promise<number> {
  await eventually(() => existsSync(file) && /^\d+\n$/.test(readFileSync(file, 'utf8')), `a pid in ${file}`);
  return Number(readFileSync(file, 'utf8'));
}

/** Waits until none of these processes runs any more (a zombie counts as gone). */
export async function allGone(pids: readonly number[]): Promise<void> {
  await eventually(() => pids.every((pid) => !isRunning(pid)), `processes ${pids.join(', ')} to end`);
}
