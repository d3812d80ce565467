// One non-interactive Gemini CLI session against a scripted Gemini API on 127.0.0.1, run inside a
// loopback-only network namespace (harness.ts wraps this process): `node driver.mjs spec.json result.json`.
// The server answers every main-conversation request (streamGenerateContent) with the next scripted
// turn, then with "All done."; any side request (generateContent: routing, next-speaker checks…)
// with an empty JSON object as text. Every request is recorded, without the constant tool list.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [specPath, resultPath] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const requests = [];
let mainCount = 0;

function turnResponse(turn) {
  const parts = turn.tools
    ? turn.tools.map((tool) => ({ functionCall: { name: tool.name, args: tool.args } }))
    : [{ text: turn.text ?? 'All done.' }];
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  };
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    let parsed = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
    const stream = (req.url ?? '').includes(':streamGenerateContent');
    if (parsed && typeof parsed === 'object') {
      const tools = parsed.tools;
      if (Array.isArray(tools))
        parsed.toolNames = tools.flatMap((t) => (Array.isArray(t.functionDeclarations) ? t.functionDeclarations.map((f) => f.name) : []));
      delete parsed.tools;
    }
    requests.push({ url: req.url, main: stream, body: parsed });
    if (stream) {
      const turn = spec.turns[mainCount++] ?? { text: 'All done.' };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify(turnResponse(turn))}\n\n`);
    } else if ((req.url ?? '').includes(':countTokens')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ totalTokens: 10 }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(turnResponse({ text: '{}' })));
    }
  });
});

await new Promise((go) => server.listen(0, '127.0.0.1', go));
const url = `http://127.0.0.1:${server.address().port}`;
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  HOME: spec.home,
  GEMINI_CLI_HOME: spec.home,
  GOOGLE_GEMINI_BASE_URL: url,
  GEMINI_API_KEY: 'scripted-model-dummy-key',
  TERM: 'dumb',
  ...spec.env,
};
const started = Date.now();
const child = spawn(spec.gemini, ['-p', spec.prompt, '--output-format', 'json', ...spec.args], {
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
}, spec.timeoutMs ?? 90_000);
const [exitCode, signal] = await new Promise((done) => child.on('close', (code, sig) => done([code, sig])));
clearTimeout(timer);
server.close();
let output = null;
try {
  output = JSON.parse(stdout.slice(stdout.indexOf('{')));
} catch {
  output = null;
}
writeFileSync(
  resultPath,
  JSON.stringify({ exitCode, signal, timedOut, durationMs: Date.now() - started, stdout, output, stderr, requests }),
);
process.exit(0);
