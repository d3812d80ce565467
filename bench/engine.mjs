// Engine benchmarks (issue 4): dispatch overhead vs a bare spawn, selection cost, parallelism.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ms, timeMedian } from './stats.mjs';

const { createEngine } = await import(new URL('../dist/src/index.js', import.meta.url).href);

function project(hooks) {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-bench-'));
  const dir = join(root, 'project');
  mkdirSync(join(dir, '.git'), { recursive: true });
  mkdirSync(join(dir, '.openinterpreter'), { recursive: true });
  mkdirSync(join(root, 'home'));
  writeFileSync(join(dir, '.openinterpreter', 'hooks.json'), JSON.stringify({ hooks }));
  return { root, cwd: dir, home: join(root, 'home') };
}

function payload(cwd) {
  return {
    session_id: 'bench',
    turn_id: 't1',
    cwd,
    transcript_path: null,
    hook_event_name: 'PreToolUse',
    model: 'bench-model',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'echo hello' },
    tool_use_id: 'u1',
  };
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

async function withEngine(hooks, fn) {
  const sandbox = project(hooks);
  const engine = await createEngine({
    dialect: 'openinterpreter',
    cwd: sandbox.cwd,
    home: sandbox.home,
    bypassTrust: true,
    managedConfigPath: join(sandbox.root, 'none.toml'),
  });
  try {
    return await fn(engine, payload(sandbox.cwd));
  } finally {
    await engine.close();
    rmSync(sandbox.root, { recursive: true, force: true });
  }
}

export async function benchEngine({ iterations = 200 } = {}) {
  const rows = [];
  await withEngine({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0' }] }] }, async (engine, input) => {
    const stdin = JSON.stringify(input);
    // Interleave the two so machine noise hits both alike.
    const bare = [],
      viaEngine = [];
    for (let i = 0; i < 10; i++) {
      await bareSpawn(stdin);
      await engine.dispatch('PreToolUse', input);
    }
    for (let i = 0; i < iterations; i++) {
      let start = performance.now();
      await bareSpawn(stdin);
      bare.push(performance.now() - start);
      start = performance.now();
      await engine.dispatch('PreToolUse', input);
      viaEngine.push(performance.now() - start);
    }
    const { median } = await import('./stats.mjs');
    const ratio = median(viaEngine) / median(bare);
    rows.push({
      name: `dispatch: 1 trivial hook vs bare spawn (median of ${iterations})`,
      measured: `${ms(median(viaEngine))} vs ${ms(median(bare))}`,
      target: 'ratio ≤ 1.15',
      ratio,
      pass: ratio <= 1.15,
    });
  });

  const many = Array.from({ length: 1000 }, (_, i) => ({ matcher: `Tool${i}`, hooks: [{ type: 'command', command: 'exit 0' }] }));
  await withEngine({ PreToolUse: many }, async (engine, input) => {
    const median = await timeMedian(() => engine.dispatch('PreToolUse', input), { iterations: 2000, warmup: 200 });
    rows.push({
      name: 'selection: 1,000 handlers, none matching (median dispatch)',
      measured: ms(median),
      target: '< 20 µs',
      ratio: null,
      pass: median < 0.02,
    });
  });

  // Issue 11: matchers are RE2 (re2js). Half anchored literals (indexed by name), half general
  // regexes (one combined RE2Set pass); the dispatched tool name matches none of them.
  const regexes = Array.from({ length: 1000 }, (_, i) => ({
    matcher: i % 2 === 0 ? `^tool_${i}$` : `(read|write)_${i}[a-z]+`,
    hooks: [{ type: 'command', command: 'exit 0' }],
  }));
  await withEngine({ PreToolUse: regexes }, async (engine, input) => {
    const median = await timeMedian(() => engine.dispatch('PreToolUse', input), { iterations: 2000, warmup: 200 });
    rows.push({
      name: 'selection: 1,000 regex matchers (500 ^tool_N$, 500 (read|write)_N[a-z]+), none matching (median dispatch)',
      measured: ms(median),
      target: '< 30 µs',
      ratio: null,
      pass: median < 0.03,
    });
  });

  const sleepers = [{ matcher: 'Bash', hooks: Array.from({ length: 8 }, () => ({ type: 'command', command: 'sleep 0.2' })) }];
  await withEngine({ PreToolUse: sleepers }, async (engine, input) => {
    const median = await timeMedian(() => engine.dispatch('PreToolUse', input), { iterations: 5, warmup: 1 });
    rows.push({
      name: 'parallelism: 8 hooks each sleeping 200 ms',
      measured: ms(median),
      target: '< 350 ms',
      ratio: null,
      pass: median < 350,
    });
  });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.mjs');
  printTable(await benchEngine());
}
