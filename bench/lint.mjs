// `hookctl lint` benchmarks (issue 3): a generated hooks.json of 5,000 handlers (< 1 s), and the
// bundled example project against a bare `node -e 0` start (< 2.5×); (issue 13) a repository of
// 25,000 files (thousands tracked, an ignored node_modules) with three nested configs, against a
// repository holding only those configs: finding them among the files must cost little. All time
// the real binary as a process, as pre-commit and CI run it. After `npm run build`: node bench/lint.mjs
import { execFileSync, spawn } from 'node:child_process';
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
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
    hooks[event] ??= [];
    hooks[event].push(group);
  }
  return JSON.stringify({ hooks }, null, 2);
}

/** `git init` and `git add` of everything not ignored: a checkout as CI and pre-commit see it. */
function gitRepository(dir) {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1' };
  execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: dir, env });
  execFileSync('git', ['add', '--all'], { cwd: dir, env });
}

/**
 * A monorepo: three hook configs (the root's, two nested packages') and, with `bulk`, 4,000 tracked
 * source files in 200 directories, 1,000 untracked build outputs that are not ignored (git still
 * walks them) and 20,000 files in an ignored node_modules (never entered), with broken configs in it.
 */
export function monorepo(dir, { bulk }) {
  const write = (path, text) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  if (bulk)
    for (let d = 0; d < 200; d++)
      for (let f = 0; f < 20; f++) write(`packages/p${d % 20}/src/m${d}/file${f}.ts`, `export const v = ${f};\n`);
  write('.gitignore', 'node_modules/\n');
  write('.openinterpreter/hooks.json', '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] } }\n');
  write(
    'packages/p3/.openinterpreter/hooks.json',
    '{ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo x" }] }] } }\n',
  );
  write('packages/p7/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - matcher: terminal\n      command: echo x\n');
  gitRepository(dir);
  if (!bulk) return;
  for (let f = 0; f < 1000; f++) write(`out/chunk${f % 50}/part${f}.js`, '0;\n');
  for (let p = 0; p < 400; p++) for (let f = 0; f < 50; f++) write(`node_modules/pkg${p}/lib/f${f}.js`, '0;\n');
  for (let p = 0; p < 20; p++) write(`node_modules/pkg${p}/.openinterpreter/hooks.json`, '{ broken');
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
    mkdirSync(join(project, '.openinterpreter'), { recursive: true });
    writeFileSync(join(project, '.openinterpreter', 'hooks.json'), bigHooksJson());
    const isolated = ['--dialect', 'openinterpreter', '--home', home, '--managed', join(root, 'no-requirements.toml')];

    // The example as a user has it: the root of its own git repository.
    const example = join(root, 'example');
    cpSync(EXAMPLE, example, { recursive: true });
    gitRepository(example);
    const big = join(root, 'monorepo');
    const small = join(root, 'configs-only');
    mkdirSync(big);
    mkdirSync(small);
    monorepo(big, { bulk: true });
    monorepo(small, { bulk: false });
    gitRepository(project);

    const [bigMs] = await interleavedMedians([() => runLint([...isolated, '--cwd', project], project)], {
      iterations: Math.max(3, iterations >> 1),
    });
    const [exampleMs, bareMs] = await interleavedMedians(
      [() => runLint([...isolated, '--cwd', example], example), () => runNode(['-e', '0'])],
      { iterations },
    );
    // From a nested package, as a CI working-directory runs it.
    const [bigRepoMs, smallRepoMs] = await interleavedMedians(
      [() => runLint(['--cwd', join(big, 'packages/p3')], big), () => runLint(['--cwd', join(small, 'packages/p3')], small)],
      { iterations },
    );
    const ratio = exampleMs / bareMs;
    const scanRatio = bigRepoMs / smallRepoMs;
    return [
      {
        name: 'lint: hooks.json with 5,000 handlers (median process)',
        measured: ms(bigMs),
        target: '< 1 s',
        ratio: null,
        pass: bigMs < 1000,
      },
      {
        name: 'lint: bundled example vs bare `node -e 0`',
        measured: `${ms(exampleMs)} vs ${ms(bareMs)}`,
        target: 'ratio < 2.5',
        ratio,
        pass: ratio < 2.5,
      },
      {
        name: 'lint: repository of 25,000 files vs one of only its 3 configs',
        measured: `${ms(bigRepoMs)} vs ${ms(smallRepoMs)}`,
        target: 'ratio < 1.25',
        ratio: scanRatio,
        pass: scanRatio < 1.25,
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stderr.write(
    `load average: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} (${availableParallelism()} cores)\n`,
  );
  const rows = await benchLint();
  printTable(rows);
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
}
