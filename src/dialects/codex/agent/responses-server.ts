import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One turn of the scripted model: the item it answers a `POST /v1/responses` with. Codex sends one
 * request per sampling step (the prompt, then each tool output), so turn N answers request N; once
 * the script is spent the model says `done` and the turn ends.
 */
export type ScriptedTurn =
  /** `exec_command` (unified exec); `escalated` asks for `sandbox_permissions: "require_escalated"`. */
  | { readonly exec: string; readonly escalated?: boolean; readonly justification?: string }
  /** `apply_patch` as the freeform (custom) tool, with the raw patch text. */
  | { readonly applyPatch: string }
  /** Any function tool with these arguments; `namespace` for a tool of a namespace (`multi_agent_v1`). */
  | { readonly function: string; readonly arguments: Record<string, unknown>; readonly namespace?: string }
  /** A final assistant message. */
  | { readonly message: string };

/** One request Codex made, as received (the body parsed when it is JSON). */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export interface ScriptedResponsesServer {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

// Requests larger than this are recorded truncated: the server must not be a memory sink.
const MAX_BODY = 8 * 1024 * 1024;

/**
 * A Responses API stand-in on 127.0.0.1 (a random port) that streams the scripted turns as SSE in the
 * shape codex-rs/core/tests/common/responses.rs builds: `response.created`, one
 * `response.output_item.done`, `response.completed`. Every other path is answered at once (an empty
 * model list, or 404) so Codex never waits on it.
 */
export async function startScriptedResponsesServer(script: readonly ScriptedTurn[]): Promise<ScriptedResponsesServer> {
  const requests: RecordedRequest[] = [];
  let sampling = 0;
  const server = createServer((request, response) => {
    readBody(request).then(
      (text) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        requests.push({ method: request.method ?? 'GET', path, body: parseMaybe(text) });
        if (request.method === 'POST' && path.endsWith('/responses')) {
          sampling += 1;
          streamTurn(response, sampling, script[sampling - 1] ?? { message: 'done' });
        } else if (path.endsWith('/models')) {
          respondJson(response, 200, { models: [] });
        } else {
          respondJson(response, 404, { error: { message: `not scripted: ${request.method} ${path}` } });
        }
      },
      () => respondJson(response, 400, { error: { message: 'unreadable request' } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseMaybe(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function respondJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function streamTurn(response: ServerResponse, n: number, turn: ScriptedTurn): void {
  const id = `resp_${n}`;
  const usage = { input_tokens: 0, input_tokens_details: null, output_tokens: 0, output_tokens_details: null, total_tokens: 0 };
  const events = [
    { type: 'response.created', response: { id } },
    { type: 'response.output_item.done', item: outputItem(n, turn) },
    { type: 'response.completed', response: { id, usage } },
  ];
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.end(events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
}

/** The output item of a turn; call ids are `call_<n>` so a test can find the tool's output in request n+1. */
export function outputItem(n: number, turn: ScriptedTurn): Record<string, unknown> {
  const callId = `call_${n}`;
  if ('exec' in turn) {
    const args: Record<string, unknown> = { cmd: turn.exec, yield_time_ms: 10_000 };
    if (turn.escalated) {
      args.sandbox_permissions = 'require_escalated';
      args.justification = turn.justification ?? 'scripted escalation';
    }
    return { type: 'function_call', call_id: callId, name: 'exec_command', arguments: JSON.stringify(args) };
  }
  if ('applyPatch' in turn) return { type: 'custom_tool_call', call_id: callId, name: 'apply_patch', input: turn.applyPatch };
  if ('function' in turn) {
    const call = { type: 'function_call', call_id: callId, name: turn.function, arguments: JSON.stringify(turn.arguments) };
    return turn.namespace === undefined ? call : { ...call, namespace: turn.namespace };
  }
  return { type: 'message', role: 'assistant', id: `msg_${n}`, content: [{ type: 'output_text', text: turn.message }] };
}

/**
 * What the model was told about call `call_<n>`: the `output` of the matching function/custom tool
 * output item in a later request (the text of a structured output joined), or null when no request
 * carried it — the tool call never completed.
 */
export function toolOutput(requests: readonly RecordedRequest[], n: number): string | null {
  const callId = `call_${n}`;
  for (const request of requests) {
    const input = (request.body as { input?: unknown } | null)?.input;
    if (!Array.isArray(input)) continue;
    for (const item of input as Record<string, unknown>[]) {
      if (item.call_id !== callId || !String(item.type).endsWith('_output')) continue;
      return outputText(item.output);
    }
  }
  return null;
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return output.map((part) => String((part as { text?: unknown }).text ?? '')).join('');
  return JSON.stringify(output);
}
