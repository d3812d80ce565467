// Command-runner overhead (SPEC 2.8, issue 4): runCommand on a trivial hook vs a bare
// child_process.spawn of the same shell with the same stdin. Run after `npm run build`:
//   node bench/runner.mjs
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';

const ITERATIONS = 300;
const WARMUP = 20;
const TARGET_RATIO = 1.15;
const STDIN = JSON.stringify({
  session_id: 'bench',
  cwd: tmpdir(),
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls -la', description: 'List files' },
});

function bareSpawn() {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'exit 0'], { cwd: tmpdir(), env: process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on('error', () => {});
    child.stdin.end(STDIN);
    child.once('error', reject);
    child.once('close', resolve);
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function time(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Returns one table row: the runner's median against bare spawn's, as a ratio. */
export async function benchRunner() {
  const { runCommand } = await import('../dist/src/engine/run-command.js');
  const viaRunner = () =>
    runCommand({
      command: 'exit 0',
      stdin: STDIN,
      cwd: tmpdir(),
      env: process.env,
      timeoutMs: 60_000,
      outputLimitBytes: 1024 * 1024,
    }).then((result) => {
      if (result.exitCode !== 0) throw new Error(`benchmark hook failed: ${result.error}`);
    });
  for (let i = 0; i < WARMUP; i++) {
    await bareSpawn();
    await viaRunner();
  }
  // Interleaved so that machine noise lands on both sides alike.
  const bare = [];
  const runner = [];
  for (let i = 0; i < ITERATIONS; i++) {
    bare.push(await time(bareSpawn));
    runner.push(await time(viaRunner));
  }
  const bareMedian = median(bare);
  const runnerMedian = median(runner);
  const ratio = runnerMedian / bareMedian;
  return [
    {
      name: `runCommand('exit 0') vs bare spawn, median of ${ITERATIONS}`,
      measured: `${runnerMedian.toFixed(3)} ms vs ${bareMedian.toFixed(3)} ms`,
      target: `ratio ≤ ${TARGET_RATIO}`,
      ratio: Number(ratio.toFixed(3)),
      pass: ratio <= TARGET_RATIO,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchRunner();
  console.table(rows);
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
}
