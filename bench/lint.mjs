// `hookctl lint` benchmarks (issue 3): a generated hooks.json of 5,000 handlers (< 1 s), and the
// bundled example project against a bare `node -e 0` start (< 2.5×). Both time the real binary
// as a process, as pre-commit and CI run it. After `npm run build`: node bench/lint.mjs
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { interleavedMedians } from './interleave.mjs';
import { ms } from './stats.mjs';
import { printTable } from './table.mjs';

const BIN = fileURLToPath(new URL('../bin/hookctl.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../examples/openinterpreter-policy-gate', import.meta.url));
const EVENTS = ['PreToolUse', 'PostToolUse', 'SessionStart', 'UserPromptSubmit', 'Stop'];

/** Runs `node <args>` to completion; resolves to { code, stdout, stderr }. */
function runNode(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** 5,000 clean handlers spread over events and matcher groups of 10. */
function bigHooksJson() {
  const hooks = {};
  for (let i = 0; i < 500; i++) {
    const event = EVENTS[i % EVENTS.length];
    const group = { hooks: Array.from({ length: 10 }, (_, j) => ({ type: 'command', command: `echo hook-${i}-${j}`, timeout: 30 })) };
    if (event === 'PreToolUse' || event === 'PostToolUse') group.matcher = `Tool${i}|Bash`;
    (hooks[event] ??= []).push(group);
  }
  return JSON.stringify({ hooks }, null, 2);
}

/**
 * Runs the lint command; findings (exit 1) still measure a full lint, but a usage error or crash
 * (exit 2) would measure nothing, so it fails loudly.
 */
async function runLint(args, cwd) {
  const run = await runNode([BIN, 'lint', ...args], { cwd });
  if (run.code !== 0 && run.code !== 1) throw new Error(`hookctl lint ${args.join(' ')} exited ${run.code}:\n${run.stdout}${run.stderr}`);
}

export async function benchLint({ iterations = 15 } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-bench-lint-'));
  try {
    const home = join(root, 'home');
    const project = join(root, 'project');
    mkdirSync(home);
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, '.openinterpreter'));
    writeFileSync(join(project, '.openinterpreter', 'hooks.json'), bigHooksJson());
    const isolated = ['--dialect', 'openinterpreter', '--home', home, '--managed', join(root, 'no-requirements.toml')];

    // The example as a user has it: the root of its own git repository.
    const example = join(root, 'example');
    cpSync(EXAMPLE, example, { recursive: true });
    mkdirSync(join(example, '.git'));

    const [bigMs] = await interleavedMedians([() => runLint([...isolated, '--cwd', project], project)], { iterations: Math.max(3, iterations >> 1) });
    const [exampleMs, bareMs] = await interleavedMedians([() => runLint([...isolated, '--cwd', example], example), () => runNode(['-e', '0'])], { iterations });
    const ratio = exampleMs / bareMs;
    return [
      { name: 'lint: hooks.json with 5,000 handlers (median process)', measured: ms(bigMs), target: '< 1 s', ratio: null, pass: bigMs < 1000 },
      { name: 'lint: bundled example vs bare `node -e 0`', measured: `${ms(exampleMs)} vs ${ms(bareMs)}`, target: 'ratio < 2.5', ratio, pass: ratio < 2.5 },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stderr.write(`load average: ${loadavg().map((load) => load.toFixed(2)).join(' ')} (${availableParallelism()} cores)\n`);
  const rows = await benchLint();
  printTable(rows);
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
}
