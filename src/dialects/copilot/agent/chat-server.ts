import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPlainObject } from '../../../util/is-plain-object.js';

/**
 * A scripted stand-in for OpenAI Chat Completions, which GitHub Copilot CLI speaks to a provider
 * named by COPILOT_PROVIDER_BASE_URL (`POST /v1/chat/completions`, streamed). A request that offers
 * tools is a conversation's next step (the main one or a subagent's): it gets the next scripted
 * turn, and once the script is spent DONE_TEXT. Any other chat request (a compaction summary, a
 * title) gets `{}`; `/models` lists the scripted model; everything else is 404 at once.
 */
export interface ScriptedCall {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The call's id (`call_<n>_<i>` when absent): how the observation finds its result. */
  readonly id?: string;
}

export interface ScriptedTurn {
  readonly tools?: readonly ScriptedCall[];
  readonly text?: string;
  /** Answer with this HTTP status instead (a failed model call, errorOccurred); `text` is the error. */
  readonly status?: number;
  /** The prompt tokens the usage reports: near COPILOT_PROVIDER_MAX_PROMPT_TOKENS Copilot compacts. */
  readonly promptTokens?: number;
}

/** One request as received: the tool list replaced by its names (it is large and constant). */
export interface ChatRequest {
  readonly path: string;
  /** It offered tools: a conversation step that took a scripted turn. */
  readonly step: boolean;
  readonly body: unknown;
}

export interface ChatServer {
  readonly baseUrl: string;
  readonly requests: readonly ChatRequest[];
  close(): Promise<void>;
}

export const DONE_TEXT = 'hookctl: scripted turn finished.';
// Larger bodies are recorded as null: the server must not be a memory sink for a runaway agent.
const BODY_LIMIT = 16 * 1024 * 1024;

export async function startChatServer(turns: readonly ScriptedTurn[], model: string): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    readBody(req).then((raw) => {
      const body = parseJson(raw);
      const path = req.url ?? '/';
      const step = path.includes('/chat/completions') && isPlainObject(body) && Array.isArray(body.tools) && body.tools.length > 0;
      requests.push({ path, step, body: slim(body) });
      if (path.includes('/chat/completions')) {
        const turn = step ? (turns[next++] ?? { text: DONE_TEXT }) : { text: '{}' };
        answer(res, turn, next, isPlainObject(body) && body.stream === false);
      } else if (path.includes('/models'))
        json(res, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'hookctl' }] });
      else json(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(res: ServerResponse, turn: ScriptedTurn, n: number, plain: boolean): void {
  if (turn.status !== undefined) {
    json(res, turn.status, { error: { message: turn.text ?? 'scripted failure', type: 'invalid_request_error' } });
    return;
  }
  if (plain) {
    const message = { role: 'assistant', content: turn.text ?? DONE_TEXT };
    json(res, 200, {
      id: 'chatcmpl-hookctl',
      object: 'chat.completion',
      created: 0,
      model: 'scripted',
      choices: [{ index: 0, message, finish_reason: 'stop' }],
    });
    return;
  }
  const events: unknown[] = [];
  if (turn.tools !== undefined && turn.tools.length > 0) {
    const calls = turn.tools.map((tool, index) => ({
      index,
      id: tool.id ?? `call_${n}_${index}`,
      type: 'function',
      function: { name: tool.name, arguments: JSON.stringify(tool.args) },
    }));
    events.push(chunk({ role: 'assistant', content: null, tool_calls: calls }, null), chunk({}, 'tool_calls'));
  } else events.push(chunk({ role: 'assistant', content: turn.text ?? DONE_TEXT }, null), chunk({}, 'stop'));
  const prompt = turn.promptTokens ?? 10;
  events.push({ ...chunk({}, null), choices: [], usage: { prompt_tokens: prompt, completion_tokens: 5, total_tokens: prompt + 5 } });
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`);
}

function chunk(delta: Record<string, unknown>, finish: string | null): Record<string, unknown> {
  return {
    id: 'chatcmpl-hookctl',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (data: Buffer) => {
      size += data.length;
      if (size <= BODY_LIMIT) chunks.push(data);
    });
    req.on('end', () => resolve(size > BODY_LIMIT ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

function parseJson(raw: string | null): unknown {
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function slim(body: unknown): unknown {
  if (!isPlainObject(body) || !Array.isArray(body.tools)) return body;
  const { tools, ...rest } = body;
  const names = (tools as unknown[]).map((tool) =>
    isPlainObject(tool) && isPlainObject(tool.function) ? tool.function.name : isPlainObject(tool) ? tool.name : null,
  );
  return { ...rest, toolNames: names };
}
