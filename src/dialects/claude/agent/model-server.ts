import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isPlainObject } from '../../../util/is-plain-object.js';

/**
 * A scripted stand-in for the Anthropic Messages API, so the real Claude Code binary can be driven
 * turn by turn without a model: each conversation plays a fixed list of assistant turns (tool_use
 * blocks, then text), and every request Claude sends is recorded so a test can read back what the
 * model would have seen (tool_result content, hook contexts, Stop continuations).
 *
 * The turn played is the number of assistant messages already in the request, not a request
 * counter: a retried request, or an auxiliary request Claude makes on the side, never shifts the
 * script.
 */

/** One tool call the model makes. `id` defaults to a stable `toolu_<turn>_<index>`. */
export interface ScriptedToolUse {
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly id?: string;
}

/** One assistant turn: optional text, then tool calls (none ends the turn with `end_turn`). */
export interface ScriptedTurn {
  readonly text?: string;
  readonly tools?: readonly ScriptedToolUse[];
  /**
   * The API answers this turn with an error instead (status, Anthropic error type, message): how a
   * case makes Claude's turn end in an API failure (StopFailure). Claude does not retry a 400 (it
   * retries a 401, a 429 and a 5xx for minutes).
   */
  readonly error?: { readonly status: number; readonly type: string; readonly message: string };
}

/**
 * One conversation of the script. `when` selects it: a substring of the conversation's first user
 * message (a subagent's prompt, say); the first conversation without `when` is the default.
 */
export interface ScriptedConversation {
  readonly when?: string;
  readonly turns: readonly ScriptedTurn[];
}

export interface ModelScript {
  readonly conversations: readonly ScriptedConversation[];
}

/** A request as received: method, path, and the parsed JSON body (null when there was none). */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export interface ModelServer {
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/** What the model says once its script is exhausted (a Stop hook that keeps Claude going, say). */
export const SCRIPT_EXHAUSTED_TEXT = 'Script finished.';

/** Largest request body read; Claude's requests are a few hundred KB at most. */
const BODY_LIMIT = 16 * 1024 * 1024;

/**
 * TLS as the Anthropic API's own host (`https://api.anthropic.com`, resolved to 127.0.0.1 inside the
 * loopback namespace): a certificate for that name from a throwaway CA the agent is told to trust.
 * The session is then first-party, the one where Claude Code reads server-managed settings.
 */
export interface FirstPartyTls {
  readonly key: string;
  readonly cert: string;
}

export async function startModelServer(script: ModelScript, host = '127.0.0.1', tls?: FirstPartyTls): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    readBody(req)
      .then((raw) => {
        const body = parseJson(raw);
        requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
        answer(script, req, res, body);
      })
      .catch(() => {
        res.writeHead(400).end();
      });
  };
  const server =
    tls === undefined ? createServer(handle) : createTlsServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, handle);
  await new Promise<void>((resolve) => server.listen(tls === undefined ? 0 : 443, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const url = tls === undefined ? `http://${host}:${port}` : 'https://api.anthropic.com';
  return { url, requests, close: () => closeServer(server) };
}

function answer(script: ModelScript, req: IncomingMessage, res: ServerResponse, body: unknown): void {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  // Anything but a Messages call gets a minimal answer at once, so Claude never waits on us.
  if (req.method === 'HEAD' || req.method === 'OPTIONS') {
    res.writeHead(200).end();
    return;
  }
  // The settings server of a first-party session: unavailable, so Claude keeps to its cached copy
  // ($CLAUDE_CONFIG_DIR/remote-settings.json), as it does offline. (A 404 would say "no policy".)
  if (path === '/api/claude_code/settings') {
    res.writeHead(503).end();
    return;
  }
  if (req.method === 'POST' && path.endsWith('/messages/count_tokens')) {
    sendJson(res, { input_tokens: 10 });
    return;
  }
  if (req.method !== 'POST' || !path.endsWith('/messages') || !isPlainObject(body)) {
    sendJson(res, {});
    return;
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const turn = pickTurn(script, messages);
  if (turn.turn.error !== undefined) {
    const { status, type, message: text } = turn.turn.error;
    const payload = JSON.stringify({ type: 'error', error: { type, message: text } });
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }).end(payload);
    return;
  }
  const model = typeof body.model === 'string' ? body.model : 'scripted-model';
  const blocks = contentBlocks(turn.turn, turn.index);
  if (body.stream === true) sendStream(res, model, blocks);
  else sendJson(res, message(model, blocks));
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Readonly<Record<string, unknown>> };

function pickTurn(script: ModelScript, messages: readonly unknown[]): { turn: ScriptedTurn; index: number } {
  const first = firstUserText(messages);
  const conversation =
    script.conversations.find((c) => c.when !== undefined && first.includes(c.when)) ??
    script.conversations.find((c) => c.when === undefined);
  const index = messages.filter((m) => isPlainObject(m) && m.role === 'assistant').length;
  const turn = conversation?.turns[index] ?? { text: SCRIPT_EXHAUSTED_TEXT };
  return { turn, index };
}

/** The text of the first user message, every text block joined (Claude prepends system reminders). */
export function firstUserText(messages: readonly unknown[]): string {
  const first = messages.find((m) => isPlainObject(m) && m.role === 'user');
  if (!isPlainObject(first)) return '';
  return messageText(first.content);
}

/** Every text in a message content (a string, or blocks of text and tool_result). */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      if (!isPlainObject(block)) return '';
      if (typeof block.text === 'string') return block.text;
      if (block.type === 'tool_result') return messageText(block.content);
      return '';
    })
    .join('\n');
}

function contentBlocks(turn: ScriptedTurn, index: number): Block[] {
  const blocks: Block[] = [];
  if (turn.text !== undefined || (turn.tools ?? []).length === 0) blocks.push({ type: 'text', text: turn.text ?? SCRIPT_EXHAUSTED_TEXT });
  (turn.tools ?? []).forEach((tool, i) => {
    blocks.push({ type: 'tool_use', id: tool.id ?? `toolu_${index}_${i}`, name: tool.name, input: tool.input });
  });
  return blocks;
}

function stopReason(blocks: readonly Block[]): string {
  return blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

function message(model: string, blocks: readonly Block[]): Record<string, unknown> {
  return {
    id: `msg_${randomBytes(8).toString('hex')}`,
    type: 'message',
    role: 'assistant',
    model,
    content: blocks,
    stop_reason: stopReason(blocks),
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

function sendJson(res: ServerResponse, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

/** The Messages API event stream: message_start, each block's start/delta/stop, message_delta, message_stop. */
function sendStream(res: ServerResponse, model: string, blocks: readonly Block[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (type: string, data: Record<string, unknown>): boolean =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const start = { ...message(model, []), stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } };
  send('message_start', { message: start });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    } else {
      send('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    send('content_block_stop', { index });
  });
  send('message_delta', { delta: { stop_reason: stopReason(blocks), stop_sequence: null }, usage: { output_tokens: 10 } });
  send('message_stop', {});
  res.end();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
