import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, type Outcome } from '../../src/index.js';
import { octoPayload, oiPayload } from '../helpers/payloads.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CRASH, dropFileOverride, makeFifo, MANAGED_DENY, runMeasured, USER_HOOKS_JSON, type MeasuredResult } from './kit.js';

/**
 * Invariants 1 and 4 (SPEC 6.1) against a hostile checkout: scripts and config files that are
 * symlinks to /dev/zero and /dev/urandom, FIFOs nobody writes to, directories, symlink loops,
 * mode-000 files (really unreadable: the child runs without CAP_DAC_OVERRIDE), paths with a NUL
 * byte or 5,000 characters, files over the size cap, broken syntax. Whatever the repository holds,
 * the managed and user hooks still decide, every problem is a finding naming its file, and the
 * hookctl process stays small.
 */

interface LintJson {
  findings: { ruleId: string; file: string; line: number; column: number; message: string }[];
}

/** hookctl idles at about 60 MiB; reading /dev/zero for a second takes gigabytes. */
const RSS_LIMIT_MIB = 256;
const REPO = fileURLToPath(new URL('../..', import.meta.url));

function expectSafe(result: MeasuredResult, what: string): void {
  expect(result.stderr, what).not.toMatch(CRASH);
  expect(result.code, `${what}: exit code (stderr: ${result.stderr})`).not.toBeNull();
  expect(result.peakRssMiB, `${what}: peak RSS`).toBeLessThan(RSS_LIMIT_MIB);
}

/** Every kind of path a command can name that hookctl must never read (or choke on). */
function plantHostileScripts(project: string): Record<string, string> {
  const dir = join(project, 's');
  mkdirSync(join(dir, 'dir.sh'), { recursive: true });
  symlinkSync('/dev/zero', join(dir, 'zero.sh'));
  symlinkSync('/dev/urandom', join(dir, 'random.sh'));
  symlinkSync('loop-b', join(dir, 'loop-a'));
  symlinkSync('loop-a', join(dir, 'loop-b'));
  makeFifo(join(dir, 'fifo.sh'));
  writeFileSync(join(dir, 'locked.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o000 });
  chmodSync(join(dir, 'locked.sh'), 0o000);
  return {
    zero: './s/zero.sh',
    random: './s/random.sh',
    fifo: './s/fifo.sh',
    dir: 'bash s/dir.sh',
    loop: './s/loop-a',
    locked: './s/locked.sh',
    nul: './s/nul\u0000byte.sh',
    long: `./s/${'a'.repeat(5000)}.sh`,
  };
}

/** A managed deny outside the project, a trusted user hook, then the hostile project hooks. */
async function openInterpreterVictim(): Promise<{ sandbox: TempProject; common: string[]; commands: Record<string, string> }> {
  const sandbox = makeTempProject();
  const managed = sandbox.write('etc/requirements.toml', MANAGED_DENY);
  sandbox.write('home/.openinterpreter/hooks.json', USER_HOOKS_JSON);
  const common = ['--dialect', 'openinterpreter', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', managed];
  expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
  const commands = plantHostileScripts(sandbox.project);
  const hooks = Object.entries(commands).map(([id, command]) => ({ type: 'command', id, command }));
  sandbox.write(
    'project/.openinterpreter/hooks.json',
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: hooks }] } }, null, 2),
  );
  return { sandbox, common, commands };
}

function expectPolicyHeld(outcome: Outcome): void {
  expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'managed policy: no' });
  expect(outcome.systemMessages).toEqual(['user hook ran']);
  const bySource = outcome.runs.map((run) => `${run.source}:${run.status}`);
  expect(bySource.slice(0, 2)).toEqual(['managed:blocked', 'user:completed']);
}

describe('openinterpreter: project hooks naming hostile scripts', () => {
  it('dry-run, run, list and trust keep the managed and user hooks deciding, in bounded memory', async () => {
    const { sandbox, common } = await openInterpreterVictim();
    const payload = JSON.stringify(oiPayload('PreToolUse', sandbox.project));
    const payloadFile = sandbox.write('payload.json', payload);

    const dryRun = await runMeasured(['dry-run', 'PreToolUse', '--json', '--payload', payloadFile, ...common], {
      withoutFileOverride: true,
    });
    expectSafe(dryRun, 'dry-run');
    const dryOutcome = JSON.parse(dryRun.stdout) as Outcome;
    expectPolicyHeld(dryOutcome);
    // The hostile hooks were never reviewed, so they are skipped, and visibly so.
    expect(dryOutcome.runs.slice(2).map((run) => [run.id, run.status, run.skipReason])).toEqual(
      ['zero', 'random', 'fifo', 'dir', 'loop', 'locked', 'nul', 'long'].map((id) => [id, 'skipped', 'untrusted']),
    );

    const run = await runMeasured(['run', 'PreToolUse', ...common], { input: payload, withoutFileOverride: true });
    expectSafe(run, 'run');
    expect(run.code).toBe(0);
    expectPolicyHeld(JSON.parse(run.stdout) as Outcome);

    const list = await runMeasured(['list', '--json', ...common], { withoutFileOverride: true });
    expectSafe(list, 'list');
    expect(list.code).toBe(0);
    const listed = JSON.parse(list.stdout) as { hooks: { source: string; trust: string }[] };
    expect(listed.hooks.map((hook) => `${hook.source}:${hook.trust}`).slice(0, 3)).toEqual([
      'managed:managed',
      'user:trusted',
      'project:untrusted',
    ]);

    const trust = await runMeasured(['trust', '--all', '--yes', ...common], { withoutFileOverride: true });
    expectSafe(trust, 'trust');
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain('trusted hook zero');
  });

  it('with the trust bypass the hostile hooks run and fail; the managed deny still wins', async () => {
    const { sandbox, common } = await openInterpreterVictim();
    const run = await runMeasured(['run', 'PreToolUse', '--dangerously-bypass-hook-trust', ...common], {
      input: JSON.stringify(oiPayload('PreToolUse', sandbox.project)),
      withoutFileOverride: true,
    });
    expectSafe(run, 'run --dangerously-bypass-hook-trust');
    const outcome = JSON.parse(run.stdout) as Outcome;
    expectPolicyHeld(outcome);
    for (const hostile of outcome.runs.slice(2)) expect([hostile.id, hostile.status]).toEqual([hostile.id, 'failed']);
  });

  it('lint reports each hostile script as a positioned finding naming the file, never an internal error', async () => {
    const { common } = await openInterpreterVictim();
    const lint = await runMeasured(['lint', '--format', 'json', ...common], { withoutFileOverride: true });
    expectSafe(lint, 'lint');
    expect(lint.code).toBe(1);
    const { findings } = JSON.parse(lint.stdout) as LintJson;
    const hooksJson = '.openinterpreter/hooks.json';
    // The hostile scripts are named cwd-relative (./s/…), which cwd-relative-script also warns about; this test is about reading them.
    const about = (pattern: RegExp) =>
      findings.filter((finding) => finding.ruleId !== 'cwd-relative-script' && pattern.test(finding.message));
    const expectations: [RegExp, RegExp][] = [
      [/"\.\/s\/zero\.sh"/, /character device/],
      [/"\.\/s\/random\.sh"/, /character device/],
      [/"\.\/s\/fifo\.sh"/, /named pipe/],
      [/"s\/dir\.sh"/, /directory/],
      [/"\.\/s\/loop-a"/, /symbolic links/],
      [/"\.\/s\/locked\.sh"/, /permission denied/],
      [/nul\\u0000byte|NUL byte/, /NUL byte/],
      [/aaaa/, /too long/],
    ];
    for (const [script, reason] of expectations) {
      const found = about(script);
      expect(found.length, `a finding about ${script}`).toBeGreaterThan(0);
      expect(found[0]).toMatchObject({ ruleId: 'unreadable-script', file: hooksJson });
      expect(found[0]!.message).toMatch(reason);
      expect(found[0]!.line).toBeGreaterThan(1);
      expect(found[0]!.column).toBeGreaterThan(1);
    }
  });

  it('the library creates the engine, and the managed and user hooks decide', async () => {
    const { sandbox } = await openInterpreterVictim();
    const engine = await createEngine({
      dialect: 'openinterpreter',
      cwd: sandbox.project,
      home: sandbox.home,
      managedConfigPath: join(sandbox.root, 'etc', 'requirements.toml'),
    });
    try {
      expectPolicyHeld(await engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project) as never));
    } finally {
      await engine.close();
    }
  });

  it('the library, where the mode-000 script is really unreadable (EACCES), still creates the engine', async () => {
    const { sandbox } = await openInterpreterVictim();
    const result = libraryInChild('openinterpreter', sandbox, oiPayload('PreToolUse', sandbox.project));
    expectPolicyHeld(result.outcome);
  });
});

/**
 * Config files themselves: one hostile `.openinterpreter/` layer in every directory from the
 * project root down to the cwd, each of another kind.
 */
function plantHostileLayers(sandbox: TempProject): { cwd: string; files: [string, RegExp][] } {
  const layer = (dir: string) => {
    const path = join(sandbox.project, dir, '.openinterpreter');
    mkdirSync(path, { recursive: true });
    return path;
  };
  const root = layer('');
  symlinkSync('/dev/zero', join(root, 'hooks.json'));
  symlinkSync('/dev/urandom', join(root, 'config.toml'));
  const a = layer('a');
  makeFifo(join(a, 'hooks.json'));
  mkdirSync(join(a, 'config.toml'));
  const b = layer('a/b');
  symlinkSync('hooks.json', join(b, 'hooks.json'));
  writeFileSync(join(b, 'config.toml'), '[features]\nhooks = false\n', { mode: 0o000 });
  chmodSync(join(b, 'config.toml'), 0o000);
  const c = layer('a/b/c');
  writeFileSync(join(c, 'hooks.json'), `{"description": "${'x'.repeat(2 * 1024 * 1024)}", "hooks": {}}`);
  writeFileSync(join(c, 'config.toml'), '[features\nhooks = false\n');
  const d = join(sandbox.project, 'a', 'b', 'c', 'd');
  mkdirSync(d);
  symlinkSync('.openinterpreter', join(d, '.openinterpreter'));
  return {
    cwd: d,
    files: [
      [join(root, 'hooks.json'), /character device/],
      [join(root, 'config.toml'), /character device/],
      [join(a, 'hooks.json'), /named pipe/],
      [join(a, 'config.toml'), /directory/],
      [join(b, 'hooks.json'), /symbolic links/],
      [join(b, 'config.toml'), /permission denied/],
      [join(c, 'hooks.json'), /larger than the 1 MiB limit for JSON config files \(2\.0 MiB\)/],
      [join(c, 'config.toml'), /TOML syntax error/],
      [join(d, '.openinterpreter', 'hooks.json'), /symbolic links/],
      [join(d, '.openinterpreter', 'config.toml'), /symbolic links/],
    ],
  };
}

describe('openinterpreter: hostile config layers are reported and skipped', () => {
  it('dry-run, run, list, trust and lint: every layer a positioned finding, the managed and user hooks decide', async () => {
    const sandbox = makeTempProject();
    const managed = sandbox.write('etc/requirements.toml', MANAGED_DENY);
    sandbox.write('home/.openinterpreter/hooks.json', USER_HOOKS_JSON);
    const home = ['--home', sandbox.home, '--managed', managed, '--dialect', 'openinterpreter'];
    expect((await runCli(['trust', '--all', '--yes', '--cwd', sandbox.project, ...home])).code).toBe(0);
    const { cwd, files } = plantHostileLayers(sandbox);
    const common = ['--cwd', cwd, ...home];
    const payload = JSON.stringify(oiPayload('PreToolUse', cwd));

    const run = await runMeasured(['run', 'PreToolUse', ...common], { input: payload, withoutFileOverride: true });
    expectSafe(run, 'run');
    const outcome = JSON.parse(run.stdout) as Outcome;
    expectPolicyHeld(outcome);
    for (const [file, reason] of files) {
      const warning = outcome.warnings.find((line) => line.startsWith(`${file}:`));
      expect(warning, `a warning naming ${file}`).toMatch(/^[^\n]+:\d+:\d+: error: /);
      expect(warning).toMatch(reason);
    }

    for (const args of [['dry-run', 'PreToolUse', '--json', '--payload', '-'], ['list'], ['trust', '--all', '--yes']]) {
      const result = await runMeasured([...args, ...common], { input: payload, withoutFileOverride: true });
      expectSafe(result, args[0]!);
      expect(result.code, `${args[0]} exit code; stderr: ${result.stderr}`).toBe(0);
    }

    // The agent's layers (--effective), which is what these files are: every one a positioned finding.
    const lint = await runMeasured(['lint', '--effective', '--format', 'json', ...common], { withoutFileOverride: true });
    expectSafe(lint, 'lint');
    expect(lint.code).toBe(1);
    const { findings } = JSON.parse(lint.stdout) as LintJson;
    for (const [file, reason] of files) {
      // lint shows paths relative to the repository root.
      const finding = findings.find((item) => resolve(sandbox.project, item.file) === file && item.ruleId === 'parse-error');
      expect(finding, `a parse-error finding for ${file}`).toBeDefined();
      expect(finding!.line).toBeGreaterThanOrEqual(1);
      expect(finding!.column).toBeGreaterThanOrEqual(1);
      expect(finding!.message).toMatch(reason);
    }

    // SARIF fingerprints re-read each finding's file for its line: never past the cap, never a FIFO.
    const sarif = await runMeasured(['lint', '--effective', '--format', 'sarif', ...common], { withoutFileOverride: true });
    expectSafe(sarif, 'lint --format sarif');
    expect(sarif.code).toBe(1);
    const results = (JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string }[] }[] }).runs[0]!.results;
    expect(results.filter((result) => result.ruleId === 'parse-error')).toHaveLength(files.length);

    // The repository-wide lint (the default) reads no link that leaves the repository, and says so.
    const scan = await runMeasured(['lint', '--format', 'json', ...common], { withoutFileOverride: true });
    expectSafe(scan, 'lint (repository)');
    expect(scan.stderr).toMatch(/not reading .*hooks\.json: it is a symbolic link to \/dev\/zero/);
  });
});

/** Each hostile thing a project `.octo/hooks.yml` can be; octo reads only the nearest one. */
const OCTO_ATTACKS: { name: string; plant: (octoDir: string) => void; reason: RegExp }[] = [
  { name: 'a symlink to /dev/zero', plant: (dir) => symlinkSync('/dev/zero', join(dir, 'hooks.yml')), reason: /character device/ },
  { name: 'a symlink to /dev/urandom', plant: (dir) => symlinkSync('/dev/urandom', join(dir, 'hooks.yml')), reason: /character device/ },
  { name: 'a FIFO', plant: (dir) => void makeFifo(join(dir, 'hooks.yml')), reason: /named pipe/ },
  { name: 'a directory', plant: (dir) => mkdirSync(join(dir, 'hooks.yml')), reason: /directory/ },
  { name: 'a symlink loop', plant: (dir) => symlinkSync('hooks.yml', join(dir, 'hooks.yml')), reason: /symbolic links/ },
  {
    name: 'an unreadable file',
    plant: (dir) => {
      writeFileSync(join(dir, 'hooks.yml'), 'hooks: {}\n');
      chmodSync(join(dir, 'hooks.yml'), 0o000);
    },
    reason: /permission denied/,
  },
  {
    name: 'a file over the size cap',
    plant: (dir) => writeFileSync(join(dir, 'hooks.yml'), `# ${'x'.repeat(2 * 1024 * 1024)}\nhooks: {}\n`),
    reason: /larger than the 256 KiB limit for YAML config files/,
  },
  { name: 'broken YAML', plant: (dir) => writeFileSync(join(dir, 'hooks.yml'), 'hooks:\n  PreToolUse: [\n'), reason: /YAML syntax error/ },
  {
    name: 'hard load errors (unknown event, async PreToolUse)',
    plant: (dir) =>
      writeFileSync(
        join(dir, 'hooks.yml'),
        'hooks:\n  PreToolUze:\n    - command: x\n  PreToolUse:\n    - command: y\n      async: true\n',
      ),
    reason: /unknown octo event "PreToolUze"/,
  },
  {
    name: 'hooks naming hostile scripts',
    plant: (dir) => {
      const commands = plantHostileScripts(join(dir, '..'));
      writeFileSync(
        join(dir, 'hooks.yml'),
        `hooks:\n  PreToolUse:\n${Object.values(commands)
          .map((command) => `    - command: ${JSON.stringify(command)}\n`)
          .join('')}`,
      );
    },
    reason: /UNTRUSTED|untrusted/,
  },
];

describe('octo: a hostile project hooks.yml is untrusted and not loaded; the user hooks still run', () => {
  for (const attack of OCTO_ATTACKS) {
    it(`${attack.name}: run decides by the user hook; list, lint and trust answer, naming the file`, async () => {
      const sandbox = makeTempProject();
      sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "echo \'user says no\' >&2; exit 2"\n');
      const octoDir = join(sandbox.project, '.octo');
      mkdirSync(octoDir, { recursive: true });
      attack.plant(octoDir);
      const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];
      const payload = JSON.stringify(octoPayload('PreToolUse', sandbox.project));

      const run = await runMeasured(['run', 'PreToolUse', ...common], { input: payload, withoutFileOverride: true });
      expectSafe(run, 'run');
      expect(run.code, run.stderr).toBe(0);
      const outcome = JSON.parse(run.stdout) as Outcome;
      expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'user says no' });
      expect(outcome.runs[0]).toMatchObject({ source: 'user', status: 'blocked' });
      expect(outcome.runs.slice(1).every((hook) => hook.skipReason === 'untrusted')).toBe(true);

      const list = await runMeasured(['list', ...common], { withoutFileOverride: true });
      expectSafe(list, 'list');
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout + list.stderr).toMatch(attack.reason);

      const lint = await runMeasured(['lint', '--effective', ...common], { withoutFileOverride: true });
      expectSafe(lint, 'lint');
      expect(lint.code).toBe(1);
      // The file's first error (a cwd-relative-script warning may come before it at the same position).
      expect(lint.stdout).toMatch(/^\.octo\/hooks\.yml\n(?:\s+\d+:\d+\s+warning\s.*\n)*\s+\d+:\d+\s+error\s/);

      // Trusting records what can be trusted, or refuses in one line a file that would break loading.
      const trust = await runMeasured(['trust', '--yes', ...common], { withoutFileOverride: true });
      expectSafe(trust, 'trust');
      if (trust.code === 2)
        expect(trust.stderr).toMatch(/^hookctl: not trusting .*hooks\.yml: it has \d+ errors? that would stop every hook/m);
      else expect(trust.code, trust.stderr).toBe(0);
    });
  }

  it(
    '16,000 aliases in a 64 KiB hooks.yml are resolved in one pass: lint and list answer ' +
      '(resolving each from the top took two minutes)',
    async () => {
      const sandbox = makeTempProject();
      sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "echo \'user says no\' >&2; exit 2"\n');
      sandbox.write(
        'project/.octo/hooks.yml',
        `handler: &h { command: "true", matcher: "(" }\nhooks:\n  PreToolUse: [${Array(16_000).fill('*h').join(', ')}]\n`,
      );
      const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];
      const lint = await runMeasured(['lint', '--format', 'json', ...common]);
      expectSafe(lint, 'lint');
      expect(lint.code).toBe(1);
      expect((JSON.parse(lint.stdout) as LintJson).findings.filter((finding) => finding.ruleId === 'invalid-matcher')).toHaveLength(16_000);
      const run = await runMeasured(['run', 'PreToolUse', ...common], {
        input: JSON.stringify(octoPayload('PreToolUse', sandbox.project)),
      });
      expectSafe(run, 'run');
      expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', reason: 'user says no' });
    },
  );

  it('the library creates the engine in a child where the file is really unreadable (EACCES)', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "echo \'user says no\' >&2; exit 2"\n');
    const octoDir = join(sandbox.project, '.octo');
    mkdirSync(octoDir, { recursive: true });
    OCTO_ATTACKS.find((attack) => attack.name === 'an unreadable file')!.plant(octoDir);
    const result = libraryInChild('octo', sandbox, octoPayload('PreToolUse', sandbox.project));
    expect(result.outcome).toMatchObject({ decision: 'deny', reason: 'user says no' });
    expect(result.warnings.join('\n')).toMatch(/hooks\.yml:1:1: .*permission denied/);
  });

  it('an edit that breaks a trusted project file revokes its trust, so it only warns and the user hooks run', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "echo \'user says no\' >&2; exit 2"\n');
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "true"\n');
    const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];
    expect((await runCli(['trust', '--yes', ...common])).code).toBe(0);
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stopp:\n    - command: "true"\n');
    const engine = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} });
    try {
      const outcome = await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project) as never);
      expect(outcome).toMatchObject({ decision: 'deny', reason: 'user says no' });
      expect(engine.warnings.join('\n')).toMatch(/unknown octo event "Stopp"/);
    } finally {
      await engine.close();
    }
  });
});

describe('scaffold --register against a project config that is not a regular file', () => {
  const kinds: [string, (path: string) => void][] = [
    ['a FIFO', (path) => void makeFifo(path)],
    ['a directory', (path) => mkdirSync(path, { recursive: true })],
  ];
  for (const [name, plant] of kinds) {
    it(`${name}: one line, nothing written, no hang`, async () => {
      const sandbox = makeTempProject();
      const config = join(sandbox.project, '.openinterpreter', 'hooks.json');
      mkdirSync(dirname(config), { recursive: true });
      plant(config);
      const result = await runMeasured(
        [
          'scaffold',
          'PreToolUse',
          '--register',
          '--lang',
          'sh',
          '--dialect',
          'openinterpreter',
          '--cwd',
          sandbox.project,
          '--home',
          sandbox.home,
        ],
        { cwd: sandbox.project },
      );
      expectSafe(result, 'scaffold --register');
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'hookctl: refusing to write .openinterpreter/hooks.json: it exists and is not a regular file. Nothing was changed.\n',
      );
      expect(existsSync(join(sandbox.project, '.openinterpreter', 'hooks', 'pre-tool-use.sh'))).toBe(false);
    });
  }
});

/**
 * createEngine + one dispatch through the built package in a child process without the file
 * override capabilities, so mode-000 files are unreadable to it as they would be to a normal user.
 */
function libraryInChild(dialect: string, sandbox: TempProject, payload: Record<string, unknown>): { outcome: Outcome; warnings: string[] } {
  const script = `
    const { createEngine } = await import(${JSON.stringify(join(REPO, 'dist', 'src', 'index.js'))});
    const [dialect, cwd, home, managed, payload] = process.argv.slice(1);
    const engine = await createEngine({ dialect, cwd, home, managedConfigPath: managed, env: { PATH: process.env.PATH } });
    const outcome = await engine.dispatch('PreToolUse', JSON.parse(payload));
    await engine.close();
    process.stdout.write(JSON.stringify({ outcome, warnings: engine.warnings }));
  `;
  const [command, ...prefix] = [...dropFileOverride(), process.execPath];
  const stdout = execFileSync(
    command!,
    [
      ...prefix,
      '--input-type=module',
      '-e',
      script,
      dialect,
      sandbox.project,
      sandbox.home,
      join(sandbox.root, 'etc', 'requirements.toml'),
      JSON.stringify(payload),
    ],
    { encoding: 'utf8', timeout: 20_000 },
  );
  return JSON.parse(stdout) as { outcome: Outcome; warnings: string[] };
}
