// A real Claude Code session per hook kind (issue 43): the pinned binary, driven by the scripted
// model server in a loopback-only network namespace (as test/agents/claude), makes 20 Bash tool
// calls, each guarded by one PreToolUse hook of the kind measured: none, a command `exit 0`, a
// command `hookctl run --served` (the same exit 0 hook, served file), and an http handler answered
// by `hookctl serve --http` (started by the SessionStart starter). Sessions of every kind alternate;
// the median session wall time of each, and per tool call above the session without hooks.
// Needs root or user namespaces, `npm ci` (the pinned claude) and `npm run build`.
//   node bench/claude-session.mjs
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, ms } from './stats.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(REPO, 'bin', 'hookctl.js');
const CLAUDE = join(REPO, 'node_modules', '.bin', 'claude');
const DRIVER = join(REPO, 'dist', 'src', 'dialects', 'claude', 'agent', 'driver.js');
const CALLS = 20;
const TOKEN = 'bench-token-0123456789abcdef';

const KINDS = {
  none: () => ({ settings: {} }),
  'command exit 0': () => ({ settings: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0' }] }] } }),
  'command hookctl run': () => ({
    served: true,
    settings: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: `${process.execPath} ${BIN} run PreToolUse --dialect claude --served` }] },
      ],
    },
  }),
  'http → serve --http': (port) => ({
    served: true,
    settings: {
      SessionStart: [
        { hooks: [{ type: 'command', command: `${process.execPath} ${BIN} serve --http --ensure --port ${port}`, timeout: 15 }] },
      ],
      PreToolUse: [
        {
          hooks: [
            {
              type: 'http',
              url: `http://127.0.0.1:${port}/hook`,
              headers: { Authorization: 'Bearer $HOOKCTL_SERVE_TOKEN' },
              allowedEnvVars: ['HOOKCTL_SERVE_TOKEN'],
              timeout: 30,
              onFailure: 'block',
            },
          ],
        },
      ],
    },
  }),
};

function script() {
  const turns = Array.from({ length: CALLS }, (_, i) => ({
    tools: [{ name: 'Bash', input: { command: `echo ${i} >> ../calls.txt`, description: 'count' } }],
  }));
  return { conversations: [{ turns: [...turns, { text: 'All done.' }] }] };
}

function wrap(argv) {
  const flags = process.getuid?.() === 0 ? ['-n'] : ['-rn'];
  return ['unshare', ...flags, '--', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...argv];
}

async function session(kind, port) {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-bench-claude-'));
  try {
    for (const dir of ['project/.git', 'project/.claude', 'home', 'config', 'tmp']) mkdirSync(join(root, dir), { recursive: true });
    const { settings, served } = KINDS[kind](port);
    writeFileSync(join(root, 'project/.claude/settings.json'), JSON.stringify({ hooks: settings }));
    if (served) {
      const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0' }] }] };
      writeFileSync(join(root, 'project/.claude/hookctl-served.json'), JSON.stringify({ hooks }));
    }
    const spec = {
      claude: CLAUDE,
      cwd: join(root, 'project'),
      home: join(root, 'home'),
      configDir: join(root, 'config'),
      prompt: 'Do the task.',
      script: script(),
      args: ['--dangerously-skip-permissions'],
      env: { TMPDIR: join(root, 'tmp'), HOOKCTL_SERVE_TOKEN: TOKEN },
      timeoutMs: 300_000,
    };
    writeFileSync(join(root, 'spec.json'), JSON.stringify(spec));
    const [command, ...args] = wrap([process.execPath, DRIVER, join(root, 'spec.json'), join(root, 'result.json')]);
    const start = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(command, args, { stdio: 'ignore' });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`driver exited ${code}`))));
    });
    const elapsed = performance.now() - start;
    const calls = existsSync(join(root, 'calls.txt')) ? readFileSync(join(root, 'calls.txt'), 'utf8').trim().split('\n').length : 0;
    if (calls !== CALLS) throw new Error(`bench: ${kind}: ${calls} of ${CALLS} tool calls ran`);
    return elapsed;
  } finally {
    const pidFile = join(root, 'project/.claude/hookctl-serve.pid');
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(root, { recursive: true, force: true });
  }
}

export async function benchClaudeSession({ rounds = Number(process.env.BENCH_CLAUDE_ROUNDS ?? 3) } = {}) {
  if (!existsSync(CLAUDE))
    return [{ name: 'real Claude sessions', measured: 'not run: no pinned claude (npm ci)', target: 'report', ratio: null }];
  const times = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, []]));
  let port = 47_900;
  for (let round = 0; round < rounds; round++) {
    for (const kind of Object.keys(KINDS)) times[kind].push(await session(kind, port++));
  }
  const none = median(times.none);
  return Object.keys(KINDS).map((kind) => {
    const session = median(times[kind]);
    return {
      name: `real Claude session, ${CALLS} Bash calls, PreToolUse hook: ${kind} (median of ${rounds} sessions)`,
      measured: ms(session),
      floor: kind === 'none' ? '' : `${ms((session - none) / CALLS)} per call above none`,
      target: 'report',
      ratio: kind === 'none' ? null : session / none,
      issue: 43,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.mjs');
  printTable(await benchClaudeSession());
}
