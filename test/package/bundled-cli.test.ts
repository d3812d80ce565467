// The binary runs the bundled CLI (dist/cli/hookctl.cjs) through a V8 code cache (bin/hookctl.js).
// These tests hold it to two promises: it behaves exactly as the compiled ES modules it is made of,
// and its cache can only ever cost time: a missing, unwritable, damaged, foreign or planted cache
// changes nothing a user sees, and hookctl never writes through a symlink or into a shared folder.
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, type CliResult } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = pathToFileURL(join(REPO, 'dist/src/cli/main.js')).href;
const ENTRY =
  `const { main } = await import(${JSON.stringify(MAIN)});\n` +
  "process.exitCode = await main(['node', 'hookctl', ...process.argv.slice(1)]);";

/** `hookctl <args>` from the compiled ES modules, not the bundle. */
function runUnbundled(args: readonly string[], options: { cwd: string; input?: string; env?: Record<string, string> }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', ENTRY, '--', ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** A claude project with one trusted PreToolUse hook that blocks `rm -rf`, and its payload. */
function claudeProject(): { sandbox: TempProject; flags: string[]; payload: string } {
  const sandbox = makeTempProject();
  sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  sandbox.write(
    'project/.claude/settings.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: `grep -q 'rm -rf' && echo 'no rm -rf' >&2 && exit 2; exit 0` }] },
        ],
      },
    }),
  );
  const payload = JSON.stringify({
    session_id: 's1',
    transcript_path: join(sandbox.root, 't.jsonl'),
    cwd: sandbox.project,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf /' },
    tool_use_id: 'toolu_1',
  });
  const flags = ['--dialect', 'claude', '--home', sandbox.home, '--managed', join(sandbox.root, 'managed-settings.json')];
  return { sandbox, flags, payload };
}

/** The outcome with the one field that differs between two runs of the same dispatch. */
function stable(stdout: string): unknown {
  return JSON.parse(stdout, (key, value) => (key === 'durationMs' ? 0 : value));
}

function cacheFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.v8')) : [];
}

describe('the bundled CLI', () => {
  it('bin/hookctl.js runs the bundle, and the bundle answers as the compiled modules do', async () => {
    const { sandbox, flags, payload } = claudeProject();
    const cases: { args: string[]; input?: string }[] = [
      { args: ['--version'] },
      { args: ['--help'] },
      { args: ['run', '--help'] },
      { args: ['no-such-command'] },
      { args: ['run', 'PreToolUse', ...flags], input: payload },
      { args: ['run', 'PreToolUse', ...flags], input: '{"not": "a payload"}' },
      // The small bundles (dist/cli/run-<dialect>.cjs, run.cjs, version.cjs, lint.cjs) and their refusals.
      { args: ['run', 'PreToolUse', ...flags.slice(2), '--dialect=claude'], input: payload },
      { args: ['run', 'PreToolUse', ...flags.slice(2)], input: payload },
      { args: ['run', 'PreToolUse', '--dialect', 'claud', ...flags.slice(2)], input: payload },
      { args: ['run', 'PreToolUse', ...flags, '--debug'], input: payload },
      { args: ['-V'] },
      { args: ['--version', '--help'] },
      { args: ['--debug', 'lint', '--format', 'json', ...flags] },
      { args: ['lint', '--help'] },
      { args: ['lint', 'no-such-file.json', ...flags] },
      { args: ['list', ...flags] },
      { args: ['lint', '--format', 'json', ...flags] },
      { args: ['fixture', 'Stop', '--dialect', 'octo'] },
    ];
    for (const { args, input } of cases) {
      const bundled = await runCli(args, { cwd: sandbox.project, ...(input === undefined ? {} : { input }) });
      const unbundled = await runUnbundled(args, { cwd: sandbox.project, ...(input === undefined ? {} : { input }) });
      const label = `hookctl ${args.join(' ')}`;
      expect(bundled.code, label).toBe(unbundled.code);
      expect(bundled.stderr, label).toBe(unbundled.stderr);
      if (input !== undefined && bundled.code === 0) expect(stable(bundled.stdout), label).toEqual(stable(unbundled.stdout));
      else if (args[0] !== 'fixture') expect(bundled.stdout, label).toBe(unbundled.stdout);
    }
    const blocked = await runCli(['run', 'PreToolUse', ...flags], { cwd: sandbox.project, input: payload });
    expect(JSON.parse(blocked.stdout)).toMatchObject({ blocked: true, reason: 'no rm -rf' });
  }, 180_000);

  it('trusts and runs hooks whose trust hashes their scripts, from a cold and from a warm cache', async () => {
    // Hashing loads node:crypto on first use; from a code cache Node 20 has no import(), so the
    // bundle must require it (a regression here broke every openinterpreter and octo run).
    const sandbox = makeTempProject();
    sandbox.write('project/gate.sh', '#!/bin/sh\nexit 0\n', { executable: true });
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: './gate.sh' }] }] } }),
    );
    const flags = ['--dialect', 'openinterpreter', '--home', sandbox.home, '--managed', join(sandbox.root, 'requirements.toml')];
    const env = { XDG_CACHE_HOME: join(sandbox.root, 'cache'), HOME: sandbox.home };
    const options = { cwd: sandbox.project, env };
    for (const round of ['cold', 'warm']) {
      const trusted = await runCli(['trust', '--all', '--yes', ...flags], options);
      expect(trusted.code, `${round}: ${trusted.stderr}`).toBe(0);
      // --absolute: `run` takes the payload as an agent sends it, with no ${PROJECT} placeholder to resolve.
      const fixture = await runCli(['fixture', 'PreToolUse', '--absolute', '--cwd', sandbox.project, ...flags], options);
      const ran = await runCli(['run', 'PreToolUse', ...flags], { ...options, input: fixture.stdout });
      expect(ran.code, `${round}: ${ran.stderr}`).toBe(0);
      expect(
        JSON.parse(ran.stdout).runs.map((run: { status: string }) => run.status),
        round,
      ).toEqual(['completed']);
    }
  }, 120_000);

  it('needs nothing of dist/ but dist/cli: an installation with only the bundle runs', async () => {
    const { sandbox, flags, payload } = claudeProject();
    const install = join(sandbox.root, 'install');
    mkdirSync(join(install, 'dist'), { recursive: true });
    cpSync(join(REPO, 'bin'), join(install, 'bin'), { recursive: true });
    cpSync(join(REPO, 'dist/cli'), join(install, 'dist/cli'), { recursive: true });
    cpSync(join(REPO, 'package.json'), join(install, 'package.json'));
    symlinkSync(join(REPO, 'node_modules'), join(install, 'node_modules'));
    const result = await new Promise<CliResult>((resolve, reject) => {
      const child = spawn(process.execPath, [join(install, 'bin/hookctl.js'), 'run', 'PreToolUse', ...flags], {
        cwd: sandbox.project,
        env: { ...process.env, XDG_CACHE_HOME: join(sandbox.root, 'cache') },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(payload);
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ blocked: true, reason: 'no rm -rf' });
  });
});

describe('the code cache', () => {
  /** Runs the same blocking dispatch with the cache under `xdg`; the outcome must never change. */
  async function dispatch(xdg: string): Promise<void> {
    const { sandbox, flags, payload } = fixture;
    const result = await runCli(['run', 'PreToolUse', ...flags], { cwd: sandbox.project, input: payload, env: { XDG_CACHE_HOME: xdg } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ blocked: true, reason: 'no rm -rf' });
  }
  let fixture: ReturnType<typeof claudeProject>;
  const fresh = () => {
    fixture = claudeProject();
    return fixture.sandbox;
  };

  it('is written into a private folder, one private file per part, and read on the next start', async () => {
    const sandbox = fresh();
    const xdg = join(sandbox.root, 'xdg');
    await dispatch(xdg);
    const dir = join(xdg, 'hookctl');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const written = cacheFiles(dir);
    // The claude `run` bundle and the PreToolUse validators.
    expect(written.some((name) => name.endsWith('~run-claude.cjs.v8'))).toBe(true);
    expect(written.some((name) => name.endsWith('~validators_claude-PreToolUse.cjs.v8'))).toBe(true);
    for (const name of written) expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
    const before = written.map((name) => statSync(join(dir, name)).mtimeMs);
    await dispatch(xdg);
    // Accepted, so not rewritten.
    expect(written.map((name) => statSync(join(dir, name)).mtimeMs)).toEqual(before);
  });

  it('a cold run that compiles the validators of many events writes each cache without a listener warning', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.claude/settings.json', '{}');
    const xdg = join(sandbox.root, 'xdg');
    const events = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionStart', 'SessionEnd'];
    events.push('Notification', 'PreCompact', 'PostCompact', 'PermissionRequest', 'TaskCreated', 'TaskCompleted');
    for (const event of events) {
      const payload = await runCli(['fixture', event, '--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home]);
      sandbox.write(`project/hooks-tests/payloads/${event}.json`, payload.stdout);
      sandbox.write(`project/hooks-tests/${event}.case.json`, JSON.stringify({ event, payloadFile: `payloads/${event}.json`, expect: {} }));
    }
    const env = { XDG_CACHE_HOME: xdg, HOME: sandbox.home };
    const result = await runCli(['test', '--dialect', 'claude', '--home', sandbox.home], { cwd: sandbox.project, env });
    expect(result.code, result.stderr).toBe(0);
    // One exit listener for all of them: Node warned "11 exit listeners added" with one per compiled part.
    expect(result.stderr).not.toContain('MaxListenersExceededWarning');
    const written = cacheFiles(join(xdg, 'hookctl'));
    for (const event of events)
      expect(
        written.some((name) => name.endsWith(`~validators_claude-${event}.cjs.v8`)),
        event,
      ).toBe(true);
  });

  it('a damaged, truncated or foreign cache file costs a compile and is replaced', async () => {
    const sandbox = fresh();
    const xdg = join(sandbox.root, 'xdg');
    await dispatch(xdg);
    const dir = join(xdg, 'hookctl');
    const [main, validators] = ['~run-claude.cjs.v8', '~validators_claude-PreToolUse.cjs.v8'].map(
      (suffix) => cacheFiles(dir).find((name) => name.endsWith(suffix))!,
    );
    const good = readFileSync(join(dir, main!));
    // A flipped byte deep in V8's data (V8 itself would accept it), and garbage of the right shape.
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length * 0.75)]! ^= 0xff;
    writeFileSync(join(dir, main!), flipped);
    writeFileSync(join(dir, validators!), Buffer.alloc(4096, 0x41));
    await dispatch(xdg);
    expect(readFileSync(join(dir, main!)).equals(flipped)).toBe(false);
    expect(readFileSync(join(dir, validators!))[0]).not.toBe(0x41);
    writeFileSync(join(dir, main!), good.subarray(0, 100));
    writeFileSync(join(dir, validators!), '');
    await dispatch(xdg);
    expect(readFileSync(join(dir, main!)).length).toBeGreaterThan(100);
  });

  it("a run reads only its dialect's small bundle and its event's validators; --version and lint only their own", async () => {
    const sandbox = fresh();
    const xdg = join(sandbox.root, 'xdg');
    const dir = join(xdg, 'hookctl');
    await dispatch(xdg); // fills the config cache: a run of an unchanged project parses no JSON
    const parts = () =>
      cacheFiles(dir)
        .map((name) => name.slice(name.indexOf('~') + 1))
        .sort();
    // Each part a process loads gets its cache file written, so a cleared folder shows what it loaded.
    const clear = () => {
      for (const name of cacheFiles(dir)) rmSync(join(dir, name));
    };
    clear();
    await dispatch(xdg);
    expect(parts()).toEqual(['run-claude.cjs.v8', 'validators_claude-PreToolUse.cjs.v8']);
    clear();
    const version = await runCli(['--version'], { cwd: sandbox.project, env: { XDG_CACHE_HOME: xdg } });
    expect(version.code).toBe(0);
    expect(parts()).toEqual(['version.cjs.v8']);
    clear();
    const lint = await runCli(['lint', '.claude/settings.json'], { cwd: sandbox.project, env: { XDG_CACHE_HOME: xdg } });
    expect(lint.code, lint.stderr).toBe(0);
    expect(parts()).toEqual(['lint.cjs.v8', 'vendor_jsonc-parser.cjs.v8']);
  });

  it('an unusable cache location only costs speed', async () => {
    const sandbox = fresh();
    // A file where the folder would be, a path below a file, and a read-only folder (which root may still write).
    writeFileSync(join(sandbox.root, 'not-a-dir'), '');
    await dispatch(join(sandbox.root, 'not-a-dir'));
    await dispatch(join(sandbox.root, 'not-a-dir', 'below'));
    const locked = join(sandbox.root, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    await dispatch(locked);
    chmodSync(locked, 0o700);
  });

  it('is not used in a folder others can write, nor through a symlinked folder', async () => {
    const sandbox = fresh();
    const shared = join(sandbox.root, 'shared');
    mkdirSync(join(shared, 'hookctl'), { recursive: true });
    chmodSync(join(shared, 'hookctl'), 0o777);
    await dispatch(shared);
    expect(cacheFiles(join(shared, 'hookctl'))).toEqual([]);

    const elsewhere = join(sandbox.root, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    const linked = join(sandbox.root, 'linked');
    mkdirSync(linked);
    symlinkSync(elsewhere, join(linked, 'hookctl'));
    await dispatch(linked);
    expect(cacheFiles(elsewhere)).toEqual([]);
  });

  it('never reads or writes through a planted symlink in its folder', async () => {
    const sandbox = fresh();
    const xdg = join(sandbox.root, 'xdg');
    await dispatch(xdg);
    const dir = join(xdg, 'hookctl');
    const names = cacheFiles(dir);
    const victim = join(sandbox.root, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    for (const name of names) {
      rmSync(join(dir, name));
      symlinkSync(victim, join(dir, name));
    }
    await dispatch(xdg);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    // The links of the parts this run loaded were replaced by real cache files, not followed; a part
    // it did not load (the JSON parser, when the configuration came from the config cache) keeps its link.
    const loaded = names.filter((name) => /~(run-claude|validators_claude-PreToolUse)\.cjs\.v8$/.test(name));
    expect(loaded).toHaveLength(2);
    for (const name of loaded) expect(statSync(join(dir, name)).isFile() && readFileSync(join(dir, name)).length > 100).toBe(true);
  });
});

describe('the binary without a build', () => {
  it('says dist/ is missing in one line and exits 2', async () => {
    const sandbox = makeTempProject();
    const unbuilt = join(sandbox.root, 'unbuilt/bin');
    mkdirSync(unbuilt, { recursive: true });
    cpSync(BIN, join(unbuilt, 'hookctl.js'));
    const result = await new Promise<CliResult>((resolve, reject) => {
      const child = spawn(process.execPath, [join(unbuilt, 'hookctl.js'), '--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('dist/ is missing');
    expect(result.stdout).toBe('');
  });
});
