import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, type CliResult } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * `hookctl run` keeps the configuration it loaded in a private cache (src/config/config-cache.ts,
 * issue 25) and takes it from there while nothing it came from changed. A cache must never make a
 * hook run that should not, or skip one that should: every case here changes something the cache
 * could hide, or plants something an attacker could, and checks the run through the real binary.
 */

interface Box extends TempProject {
  /** $XDG_CACHE_HOME of every run: the cache is $XDG_CACHE_HOME/hookctl/config. */
  xdg: string;
  /** Runs `hookctl run PreToolUse --dialect claude` in the sandbox with a Bash payload. */
  run(env?: Record<string, string | undefined>): Promise<CliResult>;
}

/** A claude project (workspace trusted) whose PreToolUse hooks are `commands`. */
function claudeBox(commands: string[]): Box {
  const box = makeTempProject();
  const xdg = join(box.root, 'xdg');
  settings(box, 'project/.claude/settings.json', commands);
  box.write('home/.claude.json', JSON.stringify({ projects: { [box.project]: { hasTrustDialogAccepted: true } } }));
  const payload = JSON.stringify({
    session_id: 'cache-test',
    transcript_path: join(box.home, 'transcript.jsonl'),
    cwd: box.project,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_use_id: 'toolu_cache',
  });
  const managed = join(box.root, 'managed-settings.json');
  const args = ['run', 'PreToolUse', '--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', managed];
  return {
    ...box,
    xdg,
    run: (env = {}) =>
      runCli(args, {
        cwd: box.project,
        input: payload,
        env: { XDG_CACHE_HOME: xdg, HOME: box.home, CLAUDE_PID: undefined, CLAUDE_CONFIG_DIR: undefined, ...env },
      }),
  };
}

function settings(box: TempProject, path: string, commands: string[]): string {
  const hooks = commands.map((command) => ({ type: 'command', command }));
  return box.write(path, JSON.stringify({ hooks: { PreToolUse: [{ hooks }] } }, null, 2));
}

/** What ran: each run's command, status and stdout. */
function ran(result: CliResult): string[] {
  expect(result.code, result.stderr).toBe(0);
  const outcome = JSON.parse(result.stdout) as { runs: { command: string; status: string; stdout: string }[] };
  return outcome.runs.map((run) => `${run.command} → ${run.status}${run.stdout ? `: ${run.stdout.trim()}` : ''}`);
}

const cacheDir = (box: Box) => join(box.xdg, 'hookctl', 'config');
const entries = (box: Box) => readdirSync(cacheDir(box)).filter((name) => name.endsWith('.json'));

/** 32-bit FNV-1a over UTF-16 code units, as 8 hex digits: the cache's checksum. */
function fnv(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const HEADER = 'hookctl-config-cache 3';

/**
 * The cache entry with `from` replaced by `to` in its handlers, sealed again with valid checksums
 * (the entry's format: a header line with the envelope's checksum, the envelope, then each event's
 * handlers at the byte offsets the envelope gives, each with its own checksum).
 */
function forge(file: string, from: string, to: string): string {
  const bytes = readFileSync(file);
  const headerEnd = bytes.indexOf(10);
  const envelopeEnd = bytes.indexOf(10, headerEnd + 1);
  const envelope = JSON.parse(bytes.toString('utf8', headerEnd + 1, envelopeEnd)) as { parts: Record<string, [number, number, string]> };
  const rest = bytes.subarray(envelopeEnd + 1);
  let offset = 0;
  const chunks: string[] = [];
  let replaced = false;
  for (const [event, [start, length]] of Object.entries(envelope.parts)) {
    const json = rest.toString('utf8', start, start + length);
    replaced ||= json.includes(from);
    const forged = json.split(from).join(to);
    envelope.parts[event] = [offset, Buffer.byteLength(forged), fnv(forged)];
    offset += Buffer.byteLength(forged);
    chunks.push(forged);
  }
  expect(replaced).toBe(true);
  const head = JSON.stringify(envelope);
  return `${HEADER} ${fnv(head)}\n${head}\n${chunks.join('')}`;
}

describe('hookctl run: the compiled-config cache', () => {
  it('writes one private entry and gives the same outcome from it (the entry is really used: a resealed one is obeyed)', async () => {
    const box = claudeBox(['echo first']);
    expect(ran(await box.run())).toEqual(['echo first → completed: first']);
    const [name] = entries(box);
    const file = join(cacheDir(box), name!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(cacheDir(box)).mode & 0o777).toBe(0o700);
    const written = statSync(file).mtimeMs;
    expect(ran(await box.run())).toEqual(['echo first → completed: first']);
    expect(statSync(file).mtimeMs).toBe(written); // a hit reads, never rewrites
    // The positive control for the attacks below: an owner-only, correctly sealed entry is what runs.
    writeFileSync(file, forge(file, 'echo first', 'echo forged'), { mode: 0o600 });
    expect(ran(await box.run())).toEqual(['echo forged → completed: forged']);
  });

  it('ignores an entry whose checksum does not match, one others can write, and one that is a symlink', async () => {
    const box = claudeBox(['echo real']);
    ran(await box.run());
    const file = join(cacheDir(box), entries(box)[0]!);
    const forged = forge(file, 'echo real', 'echo forged');
    writeFileSync(file, forged.replace(/^(hookctl-config-cache 3 )\w{8}/, '$100000000'));
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    // A sound envelope whose handlers part was altered without its checksum.
    writeFileSync(file, forged.replace('forged', 'forgex'));
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    writeFileSync(file, forged);
    chmodSync(file, 0o666);
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    // A symlink planted at the entry's name, to a sealed forgery elsewhere: never followed.
    const elsewhere = box.write('planted.json', forged);
    chmodSync(elsewhere, 0o600);
    const entry = join(cacheDir(box), entries(box)[0]!);
    rmSync(entry);
    symlinkSync(elsewhere, entry);
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    expect(readFileSync(elsewhere, 'utf8')).toBe(forged); // nothing written through it either
  });

  it('never uses or writes a cache directory that is a symlink or writable by others', async () => {
    const box = claudeBox(['echo real']);
    const attacker = join(box.root, 'attacker');
    mkdirSync(attacker, { recursive: true });
    mkdirSync(box.xdg, { recursive: true });
    symlinkSync(attacker, join(box.xdg, 'hookctl'));
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    expect(readdirSync(attacker)).toEqual([]);
    const open = claudeBox(['echo real']);
    mkdirSync(join(open.xdg, 'hookctl', 'config'), { recursive: true });
    chmodSync(join(open.xdg, 'hookctl', 'config'), 0o777);
    expect(ran(await open.run())).toEqual(['echo real → completed: real']);
    expect(readdirSync(join(open.xdg, 'hookctl', 'config'))).toEqual([]);
  });

  it('sees an edit of the same size, even with the old mtime put back', async () => {
    const box = claudeBox(['echo aaaa']);
    expect(ran(await box.run())).toEqual(['echo aaaa → completed: aaaa']);
    const file = join(box.project, '.claude/settings.json');
    const before = statSync(file);
    settings(box, 'project/.claude/settings.json', ['echo bbbb']);
    expect(statSync(file).size).toBe(before.size);
    utimesSync(file, before.atime, before.mtime);
    expect(ran(await box.run())).toEqual(['echo bbbb → completed: bbbb']);
  });

  it('sees a settings file created where none was (local, user), and a drop-in removed', async () => {
    const box = claudeBox(['echo project']);
    expect(ran(await box.run())).toEqual(['echo project → completed: project']);
    settings(box, 'project/.claude/settings.local.json', ['echo local']);
    expect(ran(await box.run())).toEqual(['echo project → completed: project', 'echo local → completed: local']);
    settings(box, 'home/.claude/settings.json', ['echo user']);
    expect(ran(await box.run())).toContain('echo user → completed: user');
    rmSync(join(box.project, '.claude/settings.local.json'));
    expect(ran(await box.run())).not.toContain('echo local → completed: local');
  });

  it('decides trust afresh: a workspace whose trust was withdrawn runs nothing, though its config came from the cache', async () => {
    const box = claudeBox(['echo trusted']);
    expect(ran(await box.run())).toEqual(['echo trusted → completed: trusted']);
    box.write('home/.claude.json', JSON.stringify({ projects: { [box.project]: { hasTrustDialogAccepted: false } } }));
    const runs = ran(await box.run());
    expect(runs).toHaveLength(1);
    expect(runs[0]).not.toContain('completed');
  });

  it('keys on the environment: another CLAUDE_CONFIG_DIR loads that directory, and the pid a hook sees is the running one', async () => {
    const box = claudeBox(['echo project']);
    settings(box, 'other/settings.json', ['echo other-user-dir']);
    ran(await box.run());
    expect(ran(await box.run({ CLAUDE_CONFIG_DIR: join(box.root, 'other') }))).toContain('echo other-user-dir → completed: other-user-dir');
    expect(ran(await box.run())).not.toContain('echo other-user-dir → completed: other-user-dir');
    const pid = claudeBox(['echo "$CLAUDE_PID"']);
    const pids = new Set<string>();
    for (let i = 0; i < 3; i++) pids.add(ran(await pid.run())[0]!);
    expect(pids.size).toBe(3); // each run's own pid, never the one that wrote the cache
  });

  it('keys on what the load read, not the whole environment: another value elsewhere is a hit, a new name a miss', async () => {
    const box = claudeBox(['echo first']);
    ran(await box.run({ PER_CALL_ID: 'one' }));
    const file = join(cacheDir(box), entries(box)[0]!);
    writeFileSync(file, forge(file, 'echo first', 'echo forged'), { mode: 0o600 });
    // A variable that changes on every call (a session id, a benchmark's padding) leaves the entry in use.
    expect(ran(await box.run({ PER_CALL_ID: 'two' }))).toEqual(['echo forged → completed: forged']);
    // Claude drops every OTEL_* variable from a hook's environment, so it lists the names: a new one is a miss.
    expect(ran(await box.run({ PER_CALL_ID: 'three', OTEL_SERVICE_NAME: 'x' }))).toEqual(['echo first → completed: first']);
  });

  it('treats a damaged or empty entry as a miss and replaces it', async () => {
    const box = claudeBox(['echo real']);
    ran(await box.run());
    const file = join(cacheDir(box), entries(box)[0]!);
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.slice(0, good.length / 2));
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    // Written whole again (only the writer's pid in CLAUDE_PID differs).
    const whole = /^hookctl-config-cache 3 [0-9a-f]{8}\n\{.*\}\n\[.*\]$/s;
    expect(readFileSync(file, 'utf8')).toMatch(whole);
    writeFileSync(file, '');
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    expect(readFileSync(file, 'utf8')).toMatch(whole);
  });
});

describe('hookctl run: the compiled-config cache stays bounded', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const name = (i: number) => `claude-${i.toString(16).padStart(16, '0')}.json`;
  const plant = (dir: string, file: string, ageMs: number, content = 'planted') => {
    const path = join(dir, file);
    writeFileSync(path, content, { mode: 0o600 });
    const when = new Date(Date.now() - ageMs);
    utimesSync(path, when, when);
    return path;
  };

  it('prunes to 100 entries, newest kept, drops entries unused for 30 days, one past the size budget and stale temporaries', async () => {
    const box = claudeBox(['echo real']);
    const dir = cacheDir(box);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(join(box.xdg, 'hookctl'), 0o700);
    // 110 entries of other projects, entry i used i minutes ago; one unused for 40 days.
    for (let i = 1; i <= 110; i++) plant(dir, name(i), i * 60_000);
    plant(dir, name(0xdead), 40 * DAY);
    // A recent entry that alone is past the 256 MiB budget (sparse: it costs no disk).
    const huge = plant(dir, name(0xbeef), 30_000);
    truncateSync(huge, 300 * 1024 * 1024);
    utimesSync(huge, new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    // A writer that died long ago, and one writing now.
    plant(dir, `${name(1)}.4242.abc.tmp`, 2 * 60 * 60 * 1000);
    plant(dir, `${name(2)}.4343.def.tmp`, 0);
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    const left = new Set(entries(box));
    expect(left.size).toBe(100);
    const written = [...left].filter((entry) => !entry.startsWith('claude-0000'));
    expect(written).toHaveLength(1); // the run's own entry, kept
    for (let i = 1; i <= 99; i++) expect(left.has(name(i)), name(i)).toBe(true);
    for (let i = 100; i <= 110; i++) expect(left.has(name(i)), name(i)).toBe(false);
    expect(left.has(name(0xdead))).toBe(false);
    expect(left.has(name(0xbeef))).toBe(false);
    const temporaries = readdirSync(dir).filter((entry) => entry.endsWith('.tmp'));
    expect(temporaries).toEqual([`${name(2)}.4343.def.tmp`]);
    // The run's entry is the one used next time.
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
  });

  it('touches only its own files: never a symlink, its target, a directory, a foreign name or another user’s file', async () => {
    const box = claudeBox(['echo real']);
    const dir = cacheDir(box);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(join(box.xdg, 'hookctl'), 0o700);
    for (let i = 1; i <= 105; i++) plant(dir, name(i), i * 60_000);
    const target = box.write('precious.json', 'keep me');
    const link = join(dir, name(0x1111));
    symlinkSync(target, link);
    const old = new Date(Date.now() - 60 * DAY);
    lutimesSync(link, old, old);
    utimesSync(target, old, old);
    mkdirSync(join(dir, name(0x2222)));
    utimesSync(join(dir, name(0x2222)), old, old);
    plant(dir, 'notes.json', 60 * DAY, 'mine');
    plant(dir, `${name(0x3333)}.bak`, 60 * DAY, 'mine too');
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(statSync(join(dir, name(0x2222))).isDirectory()).toBe(true);
    expect(readFileSync(join(dir, 'notes.json'), 'utf8')).toBe('mine');
    expect(readFileSync(join(dir, `${name(0x3333)}.bak`), 'utf8')).toBe('mine too');
    // Neither the link nor the directory counts: 100 regular entries are left.
    const regular = readdirSync(dir).filter((entry) => entry.endsWith('.json') && lstatSync(join(dir, entry)).isFile());
    expect(regular.filter((entry) => entry !== 'notes.json')).toHaveLength(100);
    if (process.getuid?.() === 0) {
      // Root can plant a file of another user: pruning leaves it, whatever its age.
      const foreign = plant(dir, name(0x4444), 60 * DAY);
      chownSync(foreign, 12345, 12345);
      utimesSync(foreign, old, old);
      box.write(
        'project/.claude/settings.json',
        JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo again' }] }] } }),
      );
      expect(ran(await box.run())).toEqual(['echo again → completed: again']);
      expect(statSync(foreign).uid).toBe(12345);
    }
  });

  it('a hit refreshes an entry unused for more than a day, so pruning sees it as in use', async () => {
    const box = claudeBox(['echo real']);
    ran(await box.run());
    const file = join(cacheDir(box), entries(box)[0]!);
    const old = new Date(Date.now() - 2 * DAY);
    utimesSync(file, old, old);
    expect(ran(await box.run())).toEqual(['echo real → completed: real']);
    expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(DAY);
    const recent = statSync(file).mtimeMs;
    ran(await box.run());
    expect(statSync(file).mtimeMs).toBe(recent); // within a day a hit writes nothing
  });
});

/** A passwd file whose entry for this uid has `shell` (added when the account has none). */
function passwdWithShell(box: TempProject, shell: string): string {
  const uid = process.getuid?.() ?? 0;
  const lines = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const mine = (line: string) => line.split(':')[2] === String(uid);
  const entry = lines.find(mine)?.split(':') ?? ['hookctl', 'x', String(uid), String(uid), '', box.home, ''];
  entry[6] = shell;
  return box.write(`passwd-${shell.replace(/\W/g, '')}`, `${[...lines.filter((line) => !mine(line)), entry.join(':')].join('\n')}\n`);
}

/** Why `/etc/passwd` cannot be replaced in a private mount namespace here, or null when it can. */
function bindMountUnavailable(): string | null {
  const probe = spawnSync('unshare', ['-m', '--', 'sh', '-c', 'mount --bind /etc/passwd /etc/passwd 2>&1'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (probe.error || probe.status !== 0)
    return `no bind mount in a private mount namespace (${(probe.stdout || String(probe.error)).trim()})`;
  return null;
}

/** `hookctl <args>` in a mount namespace where `/etc/passwd` is `passwd`. */
function runWithPasswd(
  passwd: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string | undefined>; input: string },
) {
  return new Promise<CliResult>((resolve, reject) => {
    const script = 'mount --bind "$0" /etc/passwd && exec "$@"';
    const child = spawn('unshare', ['-m', '--', 'sh', '-c', script, passwd, process.execPath, BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input);
  });
}

describe('hookctl run: codex on the compiled-config cache', () => {
  /** A trusted codex project whose one PreToolUse hook is `command`, its hook trusted, and a fixture payload. */
  async function codexBox(command: string) {
    const box = makeTempProject();
    const xdg = join(box.root, 'xdg');
    box.write('project/.codex/hooks.json', JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } }));
    box.write('home/.codex/config.toml', `[projects.${JSON.stringify(box.project)}]\ntrust_level = "trusted"\n`);
    const flags = ['--dialect', 'codex', '--cwd', box.project, '--home', box.home, '--managed', join(box.root, 'requirements.toml')];
    const env = { XDG_CACHE_HOME: xdg, HOME: box.home, CODEX_HOME: undefined };
    expect((await runCli(['trust', '--all', '--yes', ...flags], { cwd: box.project, env })).code).toBe(0);
    const fixture = await runCli(['fixture', 'PreToolUse', '--absolute', ...flags], { cwd: box.project, env });
    expect(fixture.code, fixture.stderr).toBe(0);
    const args = ['run', 'PreToolUse', ...flags];
    return { ...box, xdg, args, env, payload: fixture.stdout };
  }

  it('caches a codex load: one private entry, used on the next run, trust still decided afresh', async () => {
    const box = await codexBox('echo first');
    const run = () => runCli(box.args, { cwd: box.project, env: box.env, input: box.payload });
    expect(ran(await run())).toEqual(['echo first → completed: first']);
    const dir = join(box.xdg, 'hookctl', 'config');
    const [name, ...others] = readdirSync(dir).filter((entry) => entry.endsWith('.json'));
    expect(others).toEqual([]);
    expect(name).toMatch(/^codex-[0-9a-f]{16}\.json$/);
    // A resealed entry is what the next run loads; its command was never trusted, so it is skipped.
    const file = join(dir, name!);
    writeFileSync(file, forge(file, 'echo first', 'echo forged'), { mode: 0o600 });
    expect(ran(await run())).toEqual(['echo forged → skipped']);
  });

  const unavailable = bindMountUnavailable();
  if (unavailable !== null) {
    const line = `config-cache.test.ts: skipping the codex login-shell case: ${unavailable}`;
    if (process.env.HOOKCTL_REQUIRE_TOOLS === '1') throw new Error(`${line}, and HOOKCTL_REQUIRE_TOOLS=1 requires it`);
    console.log(line);
  }

  it.skipIf(unavailable !== null)(
    'keys on the login shell the password database gives: a changed shell is a miss, not the cached argv',
    async () => {
      // `$0` of `<shell> -c <command>` is the shell itself.
      const command = 'echo "shell:$0"';
      const box = await codexBox(command);
      const run = async (shell: string) => {
        const result = await runWithPasswd(passwdWithShell(box, shell), box.args, { cwd: box.project, env: box.env, input: box.payload });
        return ran(result);
      };
      expect(await run('/bin/bash')).toEqual([`${command} → completed: shell:/bin/bash`]);
      expect(await run('/bin/bash')).toEqual([`${command} → completed: shell:/bin/bash`]);
      expect(await run('/bin/sh')).toEqual([`${command} → completed: shell:/bin/sh`]);
      // A shell Codex does not take falls back to /bin/sh: the same load as the one before.
      expect(await run('/usr/bin/fish')).toEqual([`${command} → completed: shell:/bin/sh`]);
      expect(await run('/bin/bash')).toEqual([`${command} → completed: shell:/bin/bash`]);
      expect(readdirSync(join(box.xdg, 'hookctl', 'config')).filter((entry) => entry.endsWith('.json'))).toHaveLength(2);
    },
  );
});
