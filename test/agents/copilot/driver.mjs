// One non-interactive GitHub Copilot CLI session against a scripted OpenAI-compatible model on
// 127.0.0.1, run inside a loopback-only network namespace (harness.ts wraps this process):
// `node driver.mjs spec.json result.json`. Copilot reads COPILOT_PROVIDER_BASE_URL and speaks Chat
// Completions (POST /v1/chat/completions, streamed). A request that offers tools is the main
// conversation and gets the next scripted turn (tool calls, text, or an HTTP error `status`; its usage
// reports `promptTokens`), then
// "All done."; any other request gets "{}". Every request is recorded, without the constant tool list.
import { finish, readSpec, runAgent, scriptedServer, sendJson } from '../scripted-session.mjs';

const { spec, resultPath } = readSpec();
let mainCount = 0;

function chunk(delta, finishReason) {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function sse(turn, n) {
  const events = [];
  if (turn.tools) {
    const calls = turn.tools.map((tool, index) => ({
      index,
      id: `call_${n}_${index}`,
      type: 'function',
      function: { name: tool.name, arguments: JSON.stringify(tool.args) },
    }));
    events.push(chunk({ role: 'assistant', content: null, tool_calls: calls }, null), chunk({}, 'tool_calls'));
  } else {
    events.push(chunk({ role: 'assistant', content: turn.text ?? 'All done.' }, null), chunk({}, 'stop'));
  }
  const usage = {
    ...chunk({}, null),
    choices: [],
    usage: { prompt_tokens: turn.promptTokens ?? 10, completion_tokens: 5, total_tokens: (turn.promptTokens ?? 10) + 5 },
  };
  return `${[...events, usage].map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;
}

function completion(text) {
  const message = { role: 'assistant', content: text };
  return { id: 'x', object: 'chat.completion', created: 0, model: 'scripted', choices: [{ index: 0, message, finish_reason: 'stop' }] };
}

const isChat = (url) => url.includes('/chat/completions');
const server = await scriptedServer({
  classify: ({ url, body }) =>
    isChat(url) && body !== null && typeof body === 'object' && Array.isArray(body.tools) && body.tools.length > 0,
  toolNames: (body) => (Array.isArray(body.tools) ? body.tools.map((t) => t.function?.name ?? t.name) : []),
  respond({ url, body, main }, res) {
    if (isChat(url)) {
      const turn = main ? (spec.turns[mainCount++] ?? { text: 'All done.' }) : { text: '{}' };
      if (turn.status !== undefined)
        sendJson(res, turn.status, { error: { message: turn.text ?? 'scripted failure', type: 'invalid_request_error' } });
      else if (body && body.stream === false) sendJson(res, 200, completion(turn.text ?? '{}'));
      else {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(sse(turn, mainCount));
      }
    } else if (url.includes('/models')) {
      sendJson(res, 200, { object: 'list', data: [{ id: spec.model, object: 'model', created: 0, owned_by: 'scripted' }] });
    } else {
      sendJson(res, 404, {});
    }
  },
});
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  HOME: spec.home,
  XDG_CACHE_HOME: spec.cache,
  COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${server.port}/v1`,
  COPILOT_MODEL: spec.model,
  COPILOT_OFFLINE: 'true',
  TERM: 'dumb',
  ...spec.env,
};
const args = ['-p', spec.prompt, '--allow-all-tools', '--no-auto-update', ...spec.args];
const run = await runAgent(spec.copilot, args, { cwd: spec.cwd, env, timeoutMs: spec.timeoutMs ?? 120_000 });
finish(resultPath, { ...run, requests: server.close() });
