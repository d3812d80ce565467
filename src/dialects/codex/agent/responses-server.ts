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
  /**
   * Any function tool with these arguments; `namespace` for a tool of a namespace (`multi_agent_v1`).
   * A string argument `SPAWNED_AGENT` (alone or in an array) becomes the id of the agent the last
   * `spawn_agent` of this conversation started, so a script can `wait_agent` on it.
   */
  | { readonly function: string; readonly arguments: Record<string, unknown>; readonly namespace?: string }
  /** A final assistant message. */
  | { readonly message: string };

/** One request Codex made, as received (the body parsed when it is JSON). */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  /** The thread that sent it (`x-client-request-id`): a subagent is a thread of its own. */
  readonly thread?: string;
}

/** What the server does beyond the root conversation's script. */
export interface ScriptedServerOptions {
  /**
   * Turns for each other conversation (a `spawn_agent` subagent), counted per conversation; once spent
   * (or when absent) such a conversation's model says `done`.
   */
  readonly subagentScript?: readonly ScriptedTurn[];
  /**
   * Tokens every `response.completed` reports as used. Codex compacts mid-turn when a sampling step
   * that needs a follow-up reports at least `model_auto_compact_token_limit` (codex-rs core
   * session/context_window.rs), so a high figure with a low limit makes it compact.
   */
  readonly usageTokens?: number;
}

/** Stands for the id of the agent the conversation's last `spawn_agent` call started. */
export const SPAWNED_AGENT = 'SPAWNED_AGENT';

/**
 * The first line of Codex's summarization prompt (codex-rs/prompts/templates/compact/prompt.md): a
 * request carrying it is a local compaction, answered with a summary outside the script.
 */
const COMPACTION_PROMPT = 'You are performing a CONTEXT CHECKPOINT COMPACTION';
export const COMPACTION_SUMMARY = 'SCRIPTED-COMPACTION-SUMMARY';

/** A local compaction request: its last input item is the summarization prompt (later requests keep only the summary). */
export function isCompactionRequest(body: unknown): boolean {
  const input = (body as { input?: unknown } | null)?.input;
  return Array.isArray(input) && JSON.stringify(input.at(-1) ?? null).includes(COMPACTION_PROMPT);
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
export async function startScriptedResponsesServer(
  script: readonly ScriptedTurn[],
  options: ScriptedServerOptions = {},
): Promise<ScriptedResponsesServer> {
  const requests: RecordedRequest[] = [];
  const next = conversationTurns(script, options.subagentScript ?? []);
  const server = createServer((request, response) => {
    readBody(request).then(
      (text) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const body = parseMaybe(text);
        const thread = headerText(request.headers['x-client-request-id']);
        requests.push({ method: request.method ?? 'GET', path, body, ...(thread === undefined ? {} : { thread }) });
        if (request.method === 'POST' && path.endsWith('/responses')) {
          const { callId, turn } = next(body, thread ?? '');
          streamTurn(response, callId, withSpawnedAgent(turn, body), options.usageTokens ?? 0);
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

const headerText = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Picks each request's turn. Requests are told apart by thread (the `x-client-request-id` header Codex
 * sets to the thread id; `prompt_cache_key` is the root session's in a subagent too): the first
 * thread is the root and follows `script` with call ids `call_<n>`; any other (a subagent, which
 * samples concurrently with its parent) follows `subagentScript` with call ids `call_s<k>_<n>`, so
 * neither consumes the other's turns. A compaction request is answered with a summary and consumes
 * nothing.
 */
function conversationTurns(
  script: readonly ScriptedTurn[],
  subagentScript: readonly ScriptedTurn[],
): (body: unknown, thread: string) => { callId: string; turn: ScriptedTurn } {
  const counters = new Map<string, number>();
  let compactions = 0;
  return (body, key) => {
    if (isCompactionRequest(body)) {
      compactions += 1;
      return { callId: `compact_${compactions}`, turn: { message: COMPACTION_SUMMARY } };
    }
    if (!counters.has(key)) counters.set(key, 0);
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    const index = [...counters.keys()].indexOf(key);
    if (index === 0) return { callId: `call_${n}`, turn: script[n - 1] ?? { message: 'done' } };
    return { callId: `call_s${index}_${n}`, turn: subagentScript[n - 1] ?? { message: 'done' } };
  };
}

/** The turn with `SPAWNED_AGENT` arguments replaced by the agent id the last `spawn_agent` returned. */
function withSpawnedAgent(turn: ScriptedTurn, body: unknown): ScriptedTurn {
  if (!('function' in turn)) return turn;
  const agent = lastSpawnedAgent(body);
  const swap = (value: unknown): unknown => (value === SPAWNED_AGENT ? (agent ?? value) : Array.isArray(value) ? value.map(swap) : value);
  const args = Object.fromEntries(Object.entries(turn.arguments).map(([key, value]) => [key, swap(value)]));
  return { ...turn, arguments: args };
}

function lastSpawnedAgent(body: unknown): string | null {
  const input = (body as { input?: unknown } | null)?.input;
  if (!Array.isArray(input)) return null;
  const spawns = new Set<unknown>();
  let agent: string | null = null;
  for (const item of input as Record<string, unknown>[]) {
    if (item.type === 'function_call' && item.name === 'spawn_agent') spawns.add(item.call_id);
    if (item.type !== 'function_call_output' || !spawns.has(item.call_id)) continue;
    const parsed = parseMaybe(outputText(item.output)) as { agent_id?: unknown } | null;
    if (typeof parsed?.agent_id === 'string') agent = parsed.agent_id;
  }
  return agent;
}

function streamTurn(response: ServerResponse, callId: string, turn: ScriptedTurn, tokens: number): void {
  const id = `resp_${callId}`;
  const usage = {
    input_tokens: tokens,
    input_tokens_details: null,
    output_tokens: 0,
    output_tokens_details: null,
    total_tokens: tokens,
  };
  const events = [
    { type: 'response.created', response: { id } },
    { type: 'response.output_item.done', item: outputItem(callId, turn) },
    { type: 'response.completed', response: { id, usage } },
  ];
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.end(events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
}

/**
 * The output item of a turn. Root-conversation call ids are `call_<n>` so a test can find the tool's
 * output in request n+1; a number is taken as that n.
 */
export function outputItem(call: number | string, turn: ScriptedTurn): Record<string, unknown> {
  const callId = typeof call === 'number' ? `call_${call}` : call;
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
  return { type: 'message', role: 'assistant', id: `msg_${callId}`, content: [{ type: 'output_text', text: turn.message }] };
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
