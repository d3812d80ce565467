import type { ClientRequest, IncomingMessage, request as httpRequest } from 'node:http';
import type { RunResult } from '../kit/run-result.js';
import { headerProblem, hasCredentials } from '../util/http-request.js';
import { failedResult } from './run-command.js';
import { monotonicMs } from '../util/monotonic-ms.js';

export interface RunHttpOptions {
  url: string;
  headers: Readonly<Record<string, string>>;
  /** The payload, sent as the JSON body. */
  body: string;
  timeoutMs: number;
  /** Cap on the response body, in bytes; the rest is discarded and the run marked truncated. */
  outputLimitBytes: number;
  signal?: AbortSignal;
}

/**
 * Runs one HTTP hook: POSTs the payload and reads the answer the way a command's exit 0 and stdout
 * are read (SPEC-dialects 8.5.6). A 2xx response is exit code 0 with the body as stdout; any other
 * status, a redirect included (redirects are not followed), a connection failure, a timeout or a
 * cancellation is a failed run with the cause in `error`. Never rejects.
 */
export async function runHttp(options: RunHttpOptions): Promise<RunResult> {
  const started = monotonicMs();
  const finish = (fields: Partial<RunResult>): RunResult => failedResult(null, started, fields);
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return Promise.resolve(finish({ error: `not a valid URL: ${options.url}` }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve(finish({ error: `unsupported URL scheme ${url.protocol} (http: and https: only)` }));
  }
  if (hasCredentials(url.href)) {
    // Credentials in the URL would be sent as a Basic Authorization header the reviewer never saw.
    return Promise.resolve(finish({ error: `refused: the URL holds credentials (user:password@) for ${url.host}` }));
  }
  const headerProblem = invalidHeader(options.headers);
  if (headerProblem !== null) return Promise.resolve(finish({ error: headerProblem }));
  // Imported here, not at the top: Node's HTTP and TLS stacks cost every `hookctl run` milliseconds.
  const send = await requestFunction(url.protocol);
  if (options.signal?.aborted) return finish({ error: 'cancelled' });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    let request: ClientRequest;
    try {
      request = send(url, {
        method: 'POST',
        headers: { ...options.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body) },
      });
    } catch (error) {
      // Whatever else Node's request constructor refuses is this run's failure, never the dispatch's.
      settled = true;
      resolve(finish({ error: `request to ${url.origin} not sent: ${error instanceof Error ? error.message : String(error)}` }));
      return;
    }
    const timer = setTimeout(() => {
      settle(finish({ timedOut: true, error: `timed out after ${options.timeoutMs} ms` }));
      request.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      settle(finish({ error: 'cancelled' }));
      request.destroy();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => settle(finish({ error: `request to ${url.origin} failed: ${error.message}` })));
    request.on('response', (response) =>
      readResponse(response, options.outputLimitBytes, (body, truncated) => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) settle(finish({ exitCode: 0, stdout: body, truncated }));
        else
          settle(
            finish({
              stdout: body,
              truncated,
              error: `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''} from ${url.origin}${url.pathname}`,
            }),
          );
      }),
    );
    request.end(options.body);
  });
}

/** The first header Node would refuse (its request constructor throws on it), as a sentence; null when all pass. */
export function invalidHeader(headers: Readonly<Record<string, string>>): string | null {
  for (const [name, value] of Object.entries(headers)) {
    const problem = headerProblem(name, value);
    if (problem !== null) return `${problem}; request not sent`;
  }
  return null;
}

/** Reads a response body up to `limit` bytes (the rest is drained and dropped), decoded as UTF-8. */
function readResponse(response: IncomingMessage, limit: number, done: (body: string, truncated: boolean) => void): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  let truncated = false;
  response.on('data', (chunk: Buffer) => {
    if (kept >= limit) {
      truncated = true;
      return;
    }
    const room = limit - kept;
    if (chunk.length > room) truncated = true;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    chunks.push(part);
    kept += part.length;
  });
  response.on('end', () => done(Buffer.concat(chunks).toString('utf8'), truncated));
  response.on('error', () => done(Buffer.concat(chunks).toString('utf8'), truncated));
}

async function requestFunction(protocol: string): Promise<typeof httpRequest> {
  return protocol === 'https:' ? (await import('node:https')).request : (await import('node:http')).request;
}
