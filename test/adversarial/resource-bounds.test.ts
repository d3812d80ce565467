import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { BIN, runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { payloadFor, sandboxWithHooks, type AnyDialectId, type HookSpec } from './helpers.js';
import { CRASH, makeFifo, MANAGED_DENY, runMeasured } from './kit.js';

/**
 * SPEC 6.1.4: however many hooks a config declares and however much they print, hookctl neither
 * warns about leaks, nor runs out of file descriptors, nor holds unbounded output.
 */
const MiB = 1024 * 1024;

/** Runs hookctl under a real `ulimit -n`; resolves with its output and peak RSS (from /proc). */
function runLimited(
  args: readonly string[],
  input: string,
  shellLimits: string,
): Promise<{ code: number | null; stdout: string; stderr: string; peakRssKiB: number }> {
  return new Promise((resolve) => {
    const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
    const child = spawn('sh', ['-c', `${shellLimits}; exec "${process.execPath}" "${BIN}" ${quoted}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let peakRssKiB = 0;
    const sample = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakRssKiB = Math.max(peakRssKiB, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // exited
      }
    }, 20);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
    child.on('close', (code) => {
      clearInterval(sample);
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr, peakRssKiB });
    });
  });
}

describe('many hooks do not trip Node’s listener-leak warning', () => {
  it.each([
    ['openinterpreter', 'PreToolUse'],
    ['octo', 'PostToolUse'],
    ['claude', 'PostToolUse'],
    ['codex', 'PreToolUse'],
  ] as const)('%s: 12 hooks on %s through the CLI print no MaxListenersExceededWarning', async (dialect, event) => {
    const hooks: HookSpec[] = Array.from({ length: 12 }, (_, i) => ({ event, command: `echo hook ${i} >/dev/null` }));
    hooks.push(...Array.from({ length: 12 }, (_, i) => ({ event: 'Stop', command: `echo async ${i} >/dev/null`, async: true })));
    const { sandbox, common } = sandboxWithHooks(dialect, hooks);
    for (const [command, stopEvent] of [
      ['run', event],
      ['run', 'Stop'],
      ['dry-run', event],
    ] as const) {
      const extra = command === 'dry-run' ? ['--payload', '-'] : [];
      const result = await runCli([command, stopEvent, ...extra, ...common], {
        input: JSON.stringify(payloadFor(dialect, stopEvent, sandbox.project)),
      });
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain('MaxListenersExceededWarning');
    }
  });

  it('library: 15 hooks dispatched with a caller signal, and close() with one, emit no process warning', async () => {
    const hooks: HookSpec[] = Array.from({ length: 15 }, (_, i) => ({ event: 'PreToolUse', command: `echo ${i} >/dev/null` }));
    hooks.push(...Array.from({ length: 15 }, () => ({ event: 'Stop', command: 'true', async: true })));
    const { sandbox, common } = sandboxWithHooks('openinterpreter', hooks);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const engine = await createEngine({
        dialect: 'openinterpreter',
        cwd: sandbox.project,
        home: sandbox.home,
        managedConfigPath: common.at(-1)!,
      });
      const controller = new AbortController();
      // The same signal over many dispatches, as an agent with one session-long signal would pass it.
      for (let i = 0; i < 3; i++) {
        const outcome = await engine.dispatch('PreToolUse', payloadFor('openinterpreter', 'PreToolUse', sandbox.project) as never, {
          signal: controller.signal,
        });
        expect(outcome.runs.every((run) => run.status === 'completed')).toBe(true);
        await engine.dispatch('Stop', payloadFor('openinterpreter', 'Stop', sandbox.project) as never, { signal: controller.signal });
      }
      await engine.close({ signal: controller.signal });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });
});

describe('1,500 handlers on one event do not exhaust file descriptors', () => {
  it.each([
    ['openinterpreter', 1500],
    ['octo', 600],
    ['claude', 1500],
    ['codex', 1500],
  ] as const)(
    '%s: %i SessionStart hooks under `ulimit -n 512` all run, reported in configured order',
    async (dialect: AnyDialectId, count: number) => {
      const hooks: HookSpec[] = Array.from({ length: count }, (_, i) => ({ event: 'SessionStart', command: `echo ctx-${i}` }));
      const { sandbox, common } = sandboxWithHooks(dialect, hooks);
      const result = await runLimited(
        ['run', 'SessionStart', ...common],
        JSON.stringify(payloadFor(dialect, 'SessionStart', sandbox.project)),
        'ulimit -n 512',
      );
      expect(result.stderr).not.toContain('EMFILE');
      expect(result.code).toBe(0);
      const outcome = JSON.parse(result.stdout);
      expect(outcome.runs).toHaveLength(count);
      expect(outcome.runs.filter((run: { status: string }) => run.status !== 'completed')).toEqual([]);
      expect(outcome.additionalContext.split('\n\n')).toEqual(hooks.map((_, i) => `ctx-${i}`));
    },
    120_000,
  );
});

describe.each(['openinterpreter', 'claude', 'codex'] as const)('the output captured per dispatch is bounded (%s)', (dialect) => {
  it('64 hooks printing 8 MiB each: the outcome stays under the 16 MiB budget, ' +
    'runs are marked truncated, and a deny still arrives', async () => {
    // Claude runs one copy of identical commands (dedup), so each flood differs by a comment.
    const flood = (i: number) => `head -c 8388608 /dev/zero | tr "\\0" a; head -c 8388608 /dev/zero | tr "\\0" b >&2 # ${i}`;
    const hooks: HookSpec[] = Array.from({ length: 63 }, (_, i) => ({ event: 'PreToolUse', command: flood(i) }));
    // The verdict comes last in configured order and late in time: the floods must not cost it.
    hooks.push({ event: 'PreToolUse', command: 'sleep 0.5; echo "blocked by the managed policy" >&2; exit 2' });
    const { sandbox, common } = sandboxWithHooks(dialect, hooks);
    const result = await runLimited(
      ['run', 'PreToolUse', ...common],
      JSON.stringify(payloadFor(dialect, 'PreToolUse', sandbox.project)),
      'true',
    );
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'blocked by the managed policy' });
    const floods = outcome.runs.slice(0, 63);
    expect(floods.every((run: { truncated: boolean; status: string }) => run.truncated && run.status === 'completed')).toBe(true);
    const captured = outcome.runs.reduce(
      (sum: number, run: { stdout: string; stderr: string }) => sum + run.stdout.length + run.stderr.length,
      0,
    );
    expect(captured).toBeLessThanOrEqual(16 * MiB);
    expect(result.stdout.length).toBeLessThan(17 * MiB);
    // Generous: measured ~150 MiB with the budget, ~440 MiB without it (64 × 1 MiB streams, a 67 MB outcome).
    expect(result.peakRssKiB).toBeLessThan(300 * 1024);
  }, 120_000);
});

describe('the bounds an embedder sets are checked', () => {
  it.each([
    ['maxConcurrentHooks', 0],
    ['maxConcurrentHooks', 1.5],
    ['dispatchOutputLimitBytes', -1],
    ['outputLimitBytes', Number.NaN],
  ])('createEngine({ %s: %s }) rejects with a named error', async (name, value) => {
    const { sandbox } = sandboxWithHooks('octo', []);
    await expect(createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, [name]: value })).rejects.toThrow(
      expect.objectContaining({ name: 'UsageError', message: expect.stringContaining(`engine option ${name} must be a whole number`) }),
    );
  });
});

/**
 * SPEC 6.1.1 and 6.1.4 at the claude and codex config paths a repository controls: each one a
 * symlink to /dev/zero or /dev/urandom, a FIFO nobody writes to, a symlink loop, a file far over the
 * size cap, or JSON/TOML nested 5,000 deep. hookctl reads none of it past the cap, never blocks,
 * stays small, names the file, and the managed deny and the user's hook still decide.
 */
type NewDialect = 'claude' | 'codex';
const HOSTILE_PATHS: readonly (readonly [NewDialect, string])[] = [
  ['claude', '.claude/settings.json'],
  ['claude', '.claude/settings.local.json'],
  // The start directory's own local settings, read besides the repository root's.
  ['claude', 'sub/.claude/settings.local.json'],
  ['codex', '.codex/hooks.json'],
  ['codex', '.codex/config.toml'],
  // Codex walks every .codex/ from the project root down to the start directory.
  ['codex', 'sub/.codex/hooks.json'],
  ['codex', 'sub/.codex/config.toml'],
];
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const HOSTILE_CONTENT: readonly { name: string; plant: (path: string) => void; reason: RegExp }[] = [
  { name: 'a symlink to /dev/zero', plant: (path) => symlinkSync('/dev/zero', path), reason: /character device/ },
  { name: 'a symlink to /dev/urandom', plant: (path) => symlinkSync('/dev/urandom', path), reason: /character device/ },
  { name: 'a FIFO', plant: (path) => void makeFifo(path), reason: /named pipe/ },
  { name: 'a symlink loop', plant: (path) => symlinkSync(basename(path), path), reason: /symbolic links/ },
  {
    // Dense: 3 MiB of one-digit array items is the costliest JSON to parse (~350 MiB of memory if it were read).
    name: 'a dense file over the size cap',
    plant: (path) =>
      writeFileSync(path, path.endsWith('.toml') ? `x = [${'0,'.repeat(1.5 * MiB)}]\n` : `{"x": [${'0,'.repeat(1.5 * MiB)}0]}`),
    reason: /larger than the \d+ [KM]iB limit/,
  },
  {
    name: 'nesting 5,000 deep',
    plant: (path) => writeFileSync(path, path.endsWith('.toml') ? `x = ${deep(5000)}\n` : `{"x": ${deep(5000)}}`),
    reason: /nested more than 200 levels/,
  },
];

const MANAGED_DENY_COMMAND = "echo 'managed policy: no' >&2; exit 2";
const USER_NOTE_COMMAND = `echo '{"systemMessage":"user hook ran"}'`;
const bashGroup = (command: string) => ({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] });

/** A managed deny, a user hook that reports it ran, a trusted project: the layers a hostile file must not touch. */
async function victim(dialect: NewDialect, path: string): Promise<{ arena: TempProject; common: string[]; cwd: string }> {
  const arena = makeTempProject();
  // The session starts in the directory that holds the hostile file's config folder.
  const cwd = join(arena.project, dirname(dirname(path)));
  mkdirSync(join(cwd, dialect === 'claude' ? '.claude' : '.codex'), { recursive: true });
  const common = ['--dialect', dialect, '--cwd', cwd, '--home', arena.home];
  if (dialect === 'claude') {
    common.push('--managed', arena.write('etc/managed-settings.json', JSON.stringify({ hooks: bashGroup(MANAGED_DENY_COMMAND) })));
    arena.write('home/.claude/settings.json', JSON.stringify({ hooks: bashGroup(USER_NOTE_COMMAND) }));
    arena.write('home/.claude.json', JSON.stringify({ projects: { [arena.project]: { hasTrustDialogAccepted: true } } }));
  } else {
    common.push('--managed', arena.write('etc/requirements.toml', MANAGED_DENY));
    arena.write('home/.codex/hooks.json', JSON.stringify({ hooks: bashGroup(USER_NOTE_COMMAND) }));
    arena.write('home/.codex/config.toml', `[projects.${JSON.stringify(arena.project)}]\ntrust_level = "trusted"\n`);
    // The user reviewed their own hook before the repository turned hostile.
    expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
  }
  return { arena, common, cwd };
}

describe.each(HOSTILE_PATHS)('a hostile %s config at %s is bounded and reported; the other layers decide', (dialect, path) => {
  it.each(HOSTILE_CONTENT)(
    '$name',
    async ({ plant, reason }) => {
      const { arena, common, cwd } = await victim(dialect, path);
      const file = join(arena.project, path);
      plant(file);
      const payload = JSON.stringify(payloadFor(dialect, 'PreToolUse', cwd));

      const run = await runMeasured(['run', 'PreToolUse', ...common], { input: payload });
      expect(run.stderr).not.toMatch(CRASH);
      expect(run.code, run.stderr).toBe(0);
      expect(run.peakRssMiB).toBeLessThan(256);
      const outcome = JSON.parse(run.stdout) as { decision: string; reason: string; systemMessages: string[]; warnings: string[] };
      expect(outcome).toMatchObject({ decision: 'deny', reason: 'managed policy: no' });
      expect(outcome.systemMessages).toContain('user hook ran');
      expect(outcome.warnings.find((line) => line.includes(file))).toMatch(reason);

      for (const args of [['dry-run', 'PreToolUse', '--json', '--payload', '-'], ['list']]) {
        const result = await runMeasured([...args, ...common], { input: payload });
        expect(result.stderr, args[0]).not.toMatch(CRASH);
        expect(result.code, `${args[0]}: ${result.stderr}`).toBe(0);
        expect(result.peakRssMiB, args[0]).toBeLessThan(256);
      }

      const lint = await runMeasured(['lint', '--effective', '--format', 'json', ...common]);
      expect(lint.stderr).not.toMatch(CRASH);
      expect(lint.code).toBe(1);
      expect(lint.peakRssMiB).toBeLessThan(256);
      const { findings } = JSON.parse(lint.stdout) as { findings: { file: string; line: number; column: number; message: string }[] };
      const finding = findings.find((item) => resolve(arena.project, item.file) === file);
      expect(finding?.message).toMatch(reason);
      expect(finding!.line).toBeGreaterThanOrEqual(1);
    },
    60_000,
  );
});
