// One non-interactive GitHub Copilot CLI session against a scripted OpenAI-compatible model on
// 127.0.0.1, run inside a loopback-only network namespace (harness.ts wraps this process):
// `node driver.mjs spec.json result.json`. Copilot reads COPILOT_PROVIDER_BASE_URL and speaks Chat
// Completions (POST /v1/chat/completions, streamed). A request that offers tools is the main
// conversation and gets the next scripted turn, then "All done."; any other request gets "{}".
// Every request is recorded, without the constant tool list (its names are kept).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [specPath, resultPath] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const requests = [];
let mainCount = 0;

function chunk(delta, finish) {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finish }],
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
  const usage = { ...chunk({}, null), choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };
  return `${[...events, usage].map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    let parsed = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
    const isChat = (req.url ?? '').includes('/chat/completions');
    const main = isChat && parsed && typeof parsed === 'object' && Array.isArray(parsed.tools) && parsed.tools.length > 0;
    if (parsed && typeof parsed === 'object' && Array.isArray(parsed.tools)) {
      parsed.toolNames = parsed.tools.map((t) => t.function?.name ?? t.name);
      delete parsed.tools;
    }
    requests.push({ method: req.method, url: req.url, main, body: parsed });
    if (isChat) {
      const turn = main ? (spec.turns[mainCount++] ?? { text: 'All done.' }) : { text: '{}' };
      if (parsed && parsed.stream === false) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'scripted',
            choices: [{ index: 0, message: { role: 'assistant', content: turn.text ?? '{}' }, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse(turn, mainCount));
    } else if ((req.url ?? '').includes('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: spec.model, object: 'model', created: 0, owned_by: 'scripted' }] }));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
    }
  });
});

await new Promise((go) => server.listen(0, '127.0.0.1', go));
const url = `http://127.0.0.1:${server.address().port}/v1`;
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  HOME: spec.home,
  XDG_CACHE_HOME: spec.cache,
  COPILOT_PROVIDER_BASE_URL: url,
  COPILOT_MODEL: spec.model,
  COPILOT_OFFLINE: 'true',
  TERM: 'dumb',
  ...spec.env,
};
const started = Date.now();
const child = spawn(spec.copilot, ['-p', spec.prompt, '--allow-all-tools', '--no-auto-update', ...spec.args], {
  cwd: spec.cwd,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stdout = '';
let stderr = '';
child.stdout.on('data', (c) => {
  stdout += c;
});
child.stderr.on('data', (c) => {
  stderr += c;
});
let timedOut = false;
const timer = setTimeout(() => {
  timedOut = true;
  child.kill('SIGKILL');
}, spec.timeoutMs ?? 120_000);
const [exitCode, signal] = await new Promise((done) => child.on('close', (code, sig) => done([code, sig])));
clearTimeout(timer);
server.close();
writeFileSync(resultPath, JSON.stringify({ exitCode, signal, timedOut, durationMs: Date.now() - started, stdout, stderr, requests }));
process.exit(0);
