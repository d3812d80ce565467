// The part every real-agent driver shares (test/agents/<agent>/driver.mjs): a scripted model server on
// 127.0.0.1 that records each request (the constant tool list replaced by its names) and lets the
// driver answer it, then one agent process run against it with a kill timer, and the result file.
// Drivers run inside a loopback-only network namespace (each harness.ts wraps the driver process).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The spec a harness wrote (`node driver.mjs spec.json result.json`) and where the result goes. */
export function readSpec() {
  const [specPath, resultPath] = process.argv.slice(2);
  return { spec: JSON.parse(readFileSync(specPath, 'utf8')), resultPath };
}

/**
 * Serves `respond(request, res)` for every request, where request is `{ method, url, body }` (body
 * parsed when it is JSON) after `classify(request)` gave it `main` (a main-conversation request) and
 * `toolNames(body)` the names of the tools it offers; resolves to the server's base URL and a
 * `close()` that stops it and returns every request seen.
 */
export async function scriptedServer({ classify, toolNames, respond }) {
  const requests = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      let body = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: recorded as text.
      }
      const request = { method: req.method, url: req.url ?? '', body };
      const main = classify(request);
      const recorded = body && typeof body === 'object' ? { ...body } : body;
      if (recorded && typeof recorded === 'object' && 'tools' in recorded) {
        recorded.toolNames = toolNames(recorded);
        delete recorded.tools;
      }
      requests.push({ method: req.method, url: req.url, main, body: recorded });
      respond({ ...request, main }, res);
    });
  });
  await new Promise((go) => server.listen(0, '127.0.0.1', go));
  return {
    port: server.address().port,
    close() {
      server.close();
      return requests;
    },
  };
}

/** Runs the agent once (stdin closed), killed after `timeoutMs`; resolves to what it did. */
export async function runAgent(command, args, { cwd, env, timeoutMs }) {
  const started = Date.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  }, timeoutMs);
  const [exitCode, signal] = await new Promise((done) => child.on('close', (code, sig) => done([code, sig])));
  clearTimeout(timer);
  return { exitCode, signal, timedOut, durationMs: Date.now() - started, stdout, stderr };
}

/** Writes the result file the harness reads and ends the driver. */
export function finish(resultPath, result) {
  writeFileSync(resultPath, JSON.stringify(result));
  process.exit(0);
}

/** A JSON response. */
export function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}
