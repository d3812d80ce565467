// One non-interactive Gemini CLI session against a scripted Gemini API on 127.0.0.1, run inside a
// loopback-only network namespace (harness.ts wraps this process): `node driver.mjs spec.json result.json`.
// The server answers every main-conversation request (streamGenerateContent) with the next scripted
// turn, then with "All done."; any side request (generateContent: routing, next-speaker checks…)
// with an empty JSON object as text. Every request is recorded, without the constant tool list.
import { finish, readSpec, runAgent, scriptedServer, sendJson } from '../scripted-session.mjs';

const { spec, resultPath } = readSpec();
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

const server = await scriptedServer({
  classify: ({ url }) => url.includes(':streamGenerateContent'),
  toolNames: (body) =>
    Array.isArray(body.tools)
      ? body.tools.flatMap((t) => (Array.isArray(t.functionDeclarations) ? t.functionDeclarations.map((f) => f.name) : []))
      : [],
  respond({ url, main }, res) {
    if (main) {
      const turn = spec.turns[mainCount++] ?? { text: 'All done.' };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify(turnResponse(turn))}\n\n`);
    } else if (url.includes(':countTokens')) {
      sendJson(res, 200, { totalTokens: 10 });
    } else {
      sendJson(res, 200, turnResponse({ text: '{}' }));
    }
  },
});
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  HOME: spec.home,
  GEMINI_CLI_HOME: spec.home,
  GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${server.port}`,
  GEMINI_API_KEY: 'scripted-model-dummy-key',
  TERM: 'dumb',
  ...spec.env,
};
const run = await runAgent(spec.gemini, ['-p', spec.prompt, '--output-format', 'json', ...spec.args], {
  cwd: spec.cwd,
  env,
  timeoutMs: spec.timeoutMs ?? 90_000,
});
const requests = server.close();
let output = null;
try {
  output = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
} catch {
  output = null;
}
finish(resultPath, { ...run, output, requests });
