// Hostile-repository benchmarks (issue 10, docs/security.md): the peak memory and time of the real
// binary on a project whose hook script is a symlink to /dev/zero and whose layers are a FIFO and a
// symlink to /dev/urandom, against a clean project; the worst 1 MiB hooks.yml the YAML parser meets;
// a 5,000-level tool_input through `hookctl run`; `hookctl serve` with 6 vs 48 pipelined `list` requests on
// 1,000 hooks and a client that reads late (issue 22: peak memory must not grow with the requests); the seeded
// hostile-handler fuzzer of test/adversarial/handler-fuzz.test.ts at a larger scale (HOOKCTL_FUZZ_SCALE,
// default 3; HOOKCTL_FUZZ_SEED replays). After `npm run build`: node bench/hostile.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ms } from './stats.mjs';
import { printTable } from './table.mjs';

const BIN = fileURLToPath(new URL('../bin/hookctl.js', import.meta.url));
const KILL_MIB = 1024;

/** Runs the binary, polling its peak RSS (VmHWM); kills it past KILL_MIB or 60 s. */
function measured(args, input = '') {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['pipe', 'ignore', 'ignore'] });
    let peakKiB = 0;
    const poll = setInterval(() => {
      try {
        peakKiB = Math.max(peakKiB, Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // exited between polls
      }
      if (peakKiB > KILL_MIB * 1024) child.kill('SIGKILL');
    }, 10);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - started, peakMiB: peakKiB / 1024 });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** `hookctl serve` fed `count` pipelined `list` requests, a dispatch and a shutdown; stdout unread for 2 s. */
function servedLists(count, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
    let peakKiB = 0;
    let answers = 0;
    const poll = setInterval(() => {
      try {
        peakKiB = Math.max(peakKiB, Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // exited between polls
      }
      if (peakKiB > KILL_MIB * 1024) child.kill('SIGKILL');
    }, 10);
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 2_000);
    child.stdout.on('data', (chunk) => {
      for (const byte of chunk) if (byte === 10) answers++;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - started, peakMiB: peakKiB / 1024, answers });
    });
    const lines = Array.from({ length: count }, (_, id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'list' }));
    lines.push(JSON.stringify({ jsonrpc: '2.0', id: 'bye', method: 'shutdown' }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}

/**
 * The seeded hostile-handler fuzzer (vitest), at HOOKCTL_FUZZ_SCALE (default 3): pass/fail, its wall
 * time and its CPU time (user + system of vitest and everything it waited for, from the shell's
 * `times`): on a shared machine the wall time mostly measures the neighbours.
 */
function handlerFuzz() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
    const scale = process.env.HOOKCTL_FUZZ_SCALE ?? '3';
    const script = '"$0" "$1" run test/adversarial/handler-fuzz.test.ts; code=$?; times >&2; exit $code';
    const child = spawn('sh', ['-c', script, process.execPath, vitest], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, HOOKCTL_FUZZ_SCALE: scale, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const cases = [...output.matchAll(/(\d+) (?:cases|sessions?)\b/g)].map((match) => Number(match[1]));
      // `times`: the shell's own user/system line, then its children's (`0m8.100s 0m3.900s`).
      const children = output.trimEnd().split('\n').at(-1) ?? '';
      const cpuMs = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, sec]) => sum + (Number(m) * 60 + Number(sec)) * 1000, 0);
      resolve({ code, ms: performance.now() - started, cpuMs, peakMiB: 0, scale, cases: cases.reduce((a, b) => a + b, 0) });
    });
  });
}

function project(root, name) {
  const dir = join(root, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  mkdirSync(join(dir, '.openinterpreter'), { recursive: true });
  mkdirSync(join(dir, 's'));
  return dir;
}

export async function benchHostile() {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-bench-hostile-'));
  try {
    const home = join(root, 'home');
    mkdirSync(home);
    const hooks = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './s/guard.sh' }] }] } });
    const clean = project(root, 'clean');
    writeFileSync(join(clean, '.openinterpreter', 'hooks.json'), hooks);
    writeFileSync(join(clean, 's', 'guard.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const hostile = project(root, 'hostile');
    writeFileSync(join(hostile, '.openinterpreter', 'hooks.json'), hooks);
    symlinkSync('/dev/zero', join(hostile, 's', 'guard.sh'));
    symlinkSync('/dev/urandom', join(hostile, '.openinterpreter', 'config.toml'));
    const sub = join(hostile, 'sub', '.openinterpreter');
    mkdirSync(sub, { recursive: true });
    execFileSync('mkfifo', [join(sub, 'hooks.json')]);
    const octo = join(root, 'octo');
    mkdirSync(join(octo, '.git'), { recursive: true });
    mkdirSync(join(octo, '.octo'));
    // The most expensive files under the caps: a flow list of 85,000 items (YAML, 256 KiB) and an
    // array of 65,000 numbers (TOML, 128 KiB).
    writeFileSync(join(octo, '.octo', 'hooks.yml'), `hooks: {}\nx: [${'a, '.repeat(85_000)}1]\n`);
    const toml = project(root, 'toml');
    writeFileSync(join(toml, '.openinterpreter', 'config.toml'), `x = [${'1,'.repeat(65_000)}1]\n`);

    const common = (cwd) => ['--dialect', 'openinterpreter', '--cwd', cwd, '--home', home, '--managed', join(root, 'none.toml')];
    const cleanList = await measured(['list', ...common(clean)]);
    const hostileList = await measured(['list', ...common(join(hostile, 'sub'))]);
    const hostileTrust = await measured(['trust', '--all', '--yes', ...common(join(hostile, 'sub'))]);
    const yaml = await measured(['list', '--dialect', 'octo', '--cwd', octo, '--home', home]);
    const tomlList = await measured(['list', ...common(toml)]);
    const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deep =
      `{"session_id":"s","turn_id":"t","cwd":${JSON.stringify(clean)},"transcript_path":null,"hook_event_name":"PreToolUse",` +
      `"model":"m","permission_mode":"default","tool_name":"Bash","tool_use_id":"u","tool_input":${nested}}`;
    const deepRun = await measured(['run', 'PreToolUse', '--dangerously-bypass-hook-trust', ...common(clean)], deep);
    const big = project(root, 'big');
    const groups = Array.from({ length: 1000 }, (_, index) => ({
      matcher: 'Bash',
      hooks: [{ type: 'command', command: `echo hook ${index} ${'x'.repeat(200)}` }],
    }));
    writeFileSync(join(big, '.openinterpreter', 'hooks.json'), JSON.stringify({ hooks: { PreToolUse: groups } }));
    const fewLists = await servedLists(6, common(big));
    const manyLists = await servedLists(48, common(big));
    const fuzz = await handlerFuzz();

    const row = (name, run, target, pass) => ({
      name,
      measured: `${ms(run.ms)}, ${run.peakMiB.toFixed(0)} MiB peak (exit ${run.code})`,
      target,
      ratio: null,
      pass,
    });
    return [
      row('hostile: `list` on a clean project', cleanList, 'reference', cleanList.code === 0),
      row(
        'hostile: `list` with /dev/zero script, /dev/urandom and FIFO layers',
        hostileList,
        '< 256 MiB, exit 0',
        hostileList.code === 0 && hostileList.peakMiB < 256,
      ),
      row(
        'hostile: `trust --all --yes` on the same',
        hostileTrust,
        '< 256 MiB, exit 0',
        hostileTrust.code === 0 && hostileTrust.peakMiB < 256,
      ),
      row(
        'hostile: `list` of a 256 KiB flow-dense hooks.yml (worst YAML parse)',
        yaml,
        '< 5 s, < 384 MiB',
        yaml.code === 0 && yaml.ms < 5_000 && yaml.peakMiB < 384,
      ),
      row(
        'hostile: `list` of a 128 KiB number-dense config.toml (worst TOML parse)',
        tomlList,
        '< 5 s, < 384 MiB',
        tomlList.code === 0 && tomlList.ms < 5_000 && tomlList.peakMiB < 384,
      ),
      row('hostile: `run` with a 5,000-level tool_input', deepRun, 'exit 0, < 256 MiB', deepRun.code === 0 && deepRun.peakMiB < 256),
      row('hostile: `serve`, 6 pipelined `list` of 1,000 hooks', fewLists, 'reference, 7 answers', fewLists.answers === 7),
      row(
        'hostile: `serve`, 48 pipelined `list` of 1,000 hooks (read late)',
        manyLists,
        '< 6-list peak + 60 MiB, every answer',
        manyLists.code === 0 && manyLists.answers === 49 && manyLists.peakMiB < fewLists.peakMiB + 60,
      ),
      {
        name: `hostile: handler fuzzer beside a managed deny (scale ${fuzz.scale}, ${fuzz.cases} cases)`,
        measured: `${ms(fuzz.ms)} wall, ${ms(fuzz.cpuMs)} CPU (exit ${fuzz.code})`,
        target: 'deny always decides, no internal error',
        ratio: null,
        pass: fuzz.code === 0,
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
  printTable(await benchHostile());
}
