// `hookctl serve --http` (issue 43): what one Claude Code http hook costs when hookctl answers it,
// measured from the client's side, side by side in one run: a POST round trip through a running
// server (one served `exit 0` hook; keep-alive, as an http client reuses its connection) against
// the client spawning `sh -c 'exit 0'` bare with the payload on stdin, and against `hookctl run`
// per event with the same hook. After `npm run build`:  node bench/serve-http.mjs
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { interleavedMedians } from './interleave.mjs';
import { ms } from './stats.mjs';

const BIN = fileURLToPath(new URL('../bin/hookctl.js', import.meta.url));
const TOKEN = 'bench-token-0123456789abcdef';
const TARGET_RATIO = 1.3;

function sandbox() {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-bench-http-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(home);
  const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0' }] }] };
  // The served hook, and the same hook in settings.json for `hookctl run` (the workspace trusted, as Claude records it).
  writeFileSync(join(project, '.claude', 'hookctl-served.json'), JSON.stringify({ hooks }));
  writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  writeFileSync(join(home, '.claude.json'), JSON.stringify({ projects: { [project]: { hasTrustDialogAccepted: true } } }));
  const env = { ...process.env, HOME: home, HOOKCTL_SERVE_TOKEN: TOKEN };
  delete env.NODE_EXTRA_CA_CERTS;
  return { root, project, home, env };
}

function payload(cwd) {
  return {
    session_id: 'bench',
    transcript_path: join(cwd, 't.jsonl'),
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'echo hello' },
    tool_use_id: 'u1',
  };
}

function startServer({ project, home, env }) {
  const child = spawn(process.execPath, [BIN, 'serve', '--http', '--port', '0', '--cwd', project, '--home', home], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = new Promise((resolve, reject) => {
    let log = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      log += chunk;
      const match = /127\.0\.0\.1:(\d+)\/hook/.exec(log);
      if (match) resolve(Number(match[1]));
    });
    child.on('close', (code) => reject(new Error(`serve --http exited ${code}: ${log}`)));
  });
  return { child, port };
}

function post(agent, port, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/hook',
        method: 'POST',
        agent,
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`HTTP ${res.statusCode}: ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function bareSpawn(stdin) {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'exit 0'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', resolve);
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

function hookctlRun({ project, env }, stdin) {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [BIN, 'run', 'PreToolUse', '--dialect', 'claude'], { cwd: project, env }, (error) =>
      error ? reject(error) : resolve(),
    );
    child.stdin.end(stdin);
  });
}

export async function benchServeHttp({ iterations = 200, runIterations = 15 } = {}) {
  const box = sandbox();
  const server = startServer(box);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const port = await server.port;
    const stdin = JSON.stringify(payload(box.project));
    const answer = await post(agent, port, stdin);
    if (answer !== '{}') throw new Error(`bench setup: unexpected answer ${answer}`);
    const roundTrip = () => post(agent, port, stdin);
    const [viaHttp, bare] = await interleavedMedians([roundTrip, () => bareSpawn(stdin)], { iterations, warmup: 20 });
    const [httpAgain, viaRun] = await interleavedMedians([roundTrip, () => hookctlRun(box, stdin)], {
      iterations: runIterations,
      warmup: 2,
    });
    return [
      {
        name: `serve --http: POST round trip (keep-alive), exit 0 served hook, vs bare sh -c spawn (median of ${iterations})`,
        measured: ms(viaHttp),
        floor: ms(bare),
        target: `ratio ≤ ${TARGET_RATIO}`,
        ratio: viaHttp / bare,
        pass: viaHttp / bare <= TARGET_RATIO,
        issue: 43,
      },
      {
        name: 'serve --http: overhead above the bare hook (round trip minus bare spawn)',
        measured: ms(Math.max(0, viaHttp - bare)),
        floor: ms(bare),
        target: 'report',
        ratio: null,
      },
      {
        name: `serve --http round trip vs hookctl run --dialect claude per event (median of ${runIterations})`,
        measured: ms(httpAgain),
        floor: ms(viaRun),
        target: 'report',
        ratio: httpAgain / viaRun,
      },
    ];
  } finally {
    agent.destroy();
    server.child.kill('SIGTERM');
    rmSync(box.root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stderr.write(
    `load average: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} (${availableParallelism()} cores)\n`,
  );
  const { printTable } = await import('./table.mjs');
  printTable(await benchServeHttp());
}
