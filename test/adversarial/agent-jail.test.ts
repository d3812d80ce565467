import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentJail } from '../../src/util/agent-sandbox.js';
import { BIN } from '../helpers/run-cli.js';
import { processesGone, processesMarked } from './helpers.js';

/**
 * Issue 38, items 1, 2 and 7: a case's tool call (or a hook) run by the real agent inside the
 * `hookctl test --agent` jail attacks the host the ways the issue found, and more. Each attack
 * reports what succeeded through the one channel a case legitimately has, the tool's answer: the
 * command prints `R=[…]` (a letter per attack that worked) and exits 3, so Claude fires
 * PostToolUseFailure, not the case's PostToolUse, and hookctl lists the case as `not run` with that
 * answer. `R=[]` proves the command ran and nothing got through; the host is checked as well.
 */
const REPO = resolve(import.meta.dirname, '../..');
const CLAUDE = join(REPO, 'node_modules', '.bin', 'claude');
const CODEX = join(REPO, 'node_modules', '.bin', 'codex');
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

function unavailable(): string | null {
  if (!existsSync(CLAUDE) || !existsSync(CODEX)) return 'the pinned agents are not installed (npm ci)';
  if (!existsSync(join(REPO, 'dist', 'src', 'dialects', 'claude', 'agent', 'driver.js'))) return 'dist/ is not built (npm run build)';
  // These attacks run hookctl and the agents as other uids (the jail's, nobody): a checkout only root
  // can read (under a 0700 directory such as `mktemp -d`) leaves them nothing to run.
  if (asRoot && !readableBy(NOBODY, join(REPO, 'node_modules', '@anthropic-ai'))) {
    return `the checkout ${REPO} is not readable by other uids (a 0700 directory above it)`;
  }
  return agentJail().note;
}

function readableBy(uid: number, path: string): boolean {
  const id = String(uid);
  return spawnSync('setpriv', [`--reuid=${id}`, `--regid=${id}`, '--clear-groups', '--', 'test', '-r', path]).status === 0;
}

const why = unavailable();
if (why !== null) console.log(`agent-jail.test.ts: not run: ${why}`);

const temps: string[] = [];
const victims: ChildProcess[] = [];
let server: Server;
let connections = 0;
let port = 0;

beforeAll(async () => {
  // A server in hookctl's own network namespace (on a normal host, the way to the real network).
  server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as { port: number }).port;
});

afterAll(() => {
  server?.close();
  for (const victim of victims) victim.kill('SIGKILL');
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A directory everyone may write, so that only the jail (not file permissions) stands in the way. */
function hostDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-jail-host-'));
  chmodSync(dir, 0o777);
  temps.push(dir);
  return dir;
}

/** A host process outside the jail with a secret in its environment and its cwd in `dir`. */
function victim(dir: string, secret: string): number {
  const child = spawn('sleep', ['600'], { cwd: dir, env: { PATH: '/usr/bin:/bin', HOOKCTL_JAIL_SECRET: secret }, stdio: 'ignore' });
  victims.push(child);
  return child.pid as number;
}

type Agent = 'claude' | 'codex';

/**
 * A project for `agent` whose PreToolUse hook is the shell script `hook` (none when null), with one
 * case of `event` on a Bash call running `command`.
 */
function project(agent: Agent, hook: string | null, command: string, event = 'PreToolUse'): string {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-jail-project-'));
  temps.push(dir);
  chmodSync(dir, 0o755);
  const config = join(dir, agent === 'claude' ? '.claude' : '.codex');
  mkdirSync(config);
  mkdirSync(join(dir, 'hooks-tests'));
  // The same hooks table in both: Claude's settings.json and Codex's hooks.json.
  const hooks = hook === null ? {} : { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${config}/hook.sh` }] }] };
  if (hook !== null) writeFileSync(join(config, 'hook.sh'), hook);
  writeFileSync(join(config, agent === 'claude' ? 'settings.json' : 'hooks.json'), JSON.stringify({ hooks }));
  const payload = {
    session_id: 's',
    transcript_path: join(dir, 't.jsonl'),
    cwd: '.',
    permission_mode: 'default',
    hook_event_name: event,
    ...(agent === 'codex' ? { turn_id: 't', model: 'gpt-5-codex' } : {}),
    tool_name: 'Bash',
    tool_input: { command },
    ...(event === 'PostToolUse' ? { tool_response: { stdout: '', stderr: '' } } : {}),
    tool_use_id: 'toolu_jail',
  };
  writeFileSync(join(dir, 'hooks-tests', 'attack.case.json'), JSON.stringify({ event, payload, expect: {} }));
  return dir;
}

interface Run {
  code: number | null;
  stderr: string;
  report: { results: { status: string; reason: string | null; agentDid: string | null }[] };
}

/** `hookctl test --agent claude --json` on `dir`, as root or (`uid`) as another user. */
function runAgent(agent: 'claude' | 'codex', dir: string, uid: number | null, onTick?: () => void): Promise<Run> {
  const home = mkdtempSync(join(tmpdir(), 'hookctl-jail-home-'));
  temps.push(home);
  if (uid !== null) chownSync(home, uid, uid);
  const bin = agent === 'claude' ? CLAUDE : CODEX;
  const argv = [process.execPath, BIN, 'test', '--agent', agent, dir, '--agent-bin', bin, '--json'];
  const drop = uid === null ? [] : ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--'];
  const [command, ...args] = [...drop, ...argv];
  return new Promise((done, fail) => {
    const child = spawn(command as string, args, {
      cwd: dir,
      // SHLVL: Codex runs hooks with `bash -c`, which without it sources ~/.bashrc for a socket stdin.
      env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1', SHLVL: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const tick = onTick === undefined ? null : setInterval(onTick, 100);
    const guard = setTimeout(() => child.kill('SIGKILL'), 280_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(guard);
      if (tick !== null) clearInterval(tick);
      try {
        done({ code, stderr, report: JSON.parse(stdout) as Run['report'] });
      } catch {
        fail(new Error(`hookctl printed no JSON report (exit ${code}): ${stderr.slice(-600)}`));
      }
    });
  });
}

/**
 * The attacks, one letter each in `R=[…]` when it works: W a write to the host through any
 * process's /proc/<pid>/root (the repro), w the same through the victim's; M `mount -o
 * remount,rw /`; H a plain write to the host directory; N a connection to hookctl's namespace's
 * server through `nsenter --net` into any process's network namespace; P ptrace of the victim; K a
 * signal to it; E its environment read; S a root-only host file (mode 0600 holding the secret) read.
 * Then the uid and the number of processes in /proc.
 */
function attack(dir: string, pid: number, secret: string): string {
  const privy = mkdtempSync(join(tmpdir(), 'hookctl-jail-private-'));
  temps.push(privy);
  chmodSync(privy, 0o755);
  writeFileSync(join(privy, 'key'), secret, { mode: 0o600 });
  const connect = `node -e 'require("net").connect(${port},"127.0.0.1").on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))'`;
  return [
    'exec 2>/dev/null',
    'r=""',
    `for p in /proc/[0-9]*; do echo x > "$p/root${dir}/via-proc-root" 2>/dev/null && { r="\${r}W"; break; }; done`,
    `echo x > /proc/${pid}/root${dir}/via-victim 2>/dev/null && r="\${r}w"`,
    'mount -o remount,rw / 2>/dev/null && r="${r}M"',
    `echo x > ${dir}/direct 2>/dev/null && r="\${r}H"`,
    `for p in /proc/[0-9]*; do timeout 10 nsenter --net="$p/ns/net" ${connect} 2>/dev/null && { r="\${r}N"; break; }; done`,
    `timeout 3 strace -p ${pid} -e trace=none 2>&1 | grep -q attached && r="\${r}P"`,
    `kill -0 ${pid} 2>/dev/null && r="\${r}K"`,
    `cat /proc/[0-9]*/environ 2>/dev/null | grep -aq ${secret} && r="\${r}E"`,
    `grep -q ${secret} ${privy}/key && r="\${r}S"`,
    'echo "R=[$r] uid=$(id -u) procs=$(ls -d /proc/[0-9]* | wc -l)"',
  ].join('\n');
}

const AGENT_RUN = { timeout: 300_000 };

const users: [string, number | null][] = [['hookctl as this user', null]];
// As root, the same run as an unprivileged user too (the jail then starts with `unshare -r`).
if (asRoot) users.push(['hookctl as an unprivileged user (uid 65534)', NOBODY]);

describe.skipIf(why !== null)('test --agent: a case can not reach the host from the jail', () => {
  for (const [who, uid] of users) {
    it(`${who}: no write through /proc/<pid>/root, no remount, no nsenter, no ptrace, kill or environ`, AGENT_RUN, async () => {
      const dir = hostDir();
      const secret = `s${randomBytes(8).toString('hex')}`;
      const pid = victim(dir, secret);
      const before = connections;
      const copied = project('claude', null, `${attack(dir, pid, secret)}\nexit 3`, 'PostToolUse');
      // A symlink in the project to a host file: handing the sandbox to the jail's uid must not hand over the file.
      const target = join(hostDir(), 'owned-by-root');
      writeFileSync(target, 'x');
      symlinkSync(target, join(copied, 'link'));
      const owner = statSync(target).uid;
      const run = await runAgent('claude', copied, uid);
      const [result] = run.report.results;
      expect(result?.status, run.stderr).toBe('not-run');
      // The command ran in the agent to its end, none of its attacks worked, and /proc shows the jail's few processes.
      expect(result?.reason).toMatch(/Exit code 3\\nR=\[\] uid=0 procs=1?\d\b/);
      expect(readdirSync(dir)).toEqual([]);
      expect(connections).toBe(before);
      expect(existsSync(`/proc/${pid}`)).toBe(true);
      expect(statSync(target).uid).toBe(owner);
    });

    // Codex fires PostToolUse for a failing call too, so here a hook attacks, in the agent only (its
    // cwd is in the sandbox; hookctl's own run of it on the host does nothing), and reports through
    // its deny reason, which hookctl shows as what the agent did.
    it(`${who}: the same attacks from a hook in Codex`, AGENT_RUN, async () => {
      const dir = hostDir();
      const secret = `s${randomBytes(8).toString('hex')}`;
      const pid = victim(dir, secret);
      const before = connections;
      const hook = `case "$PWD" in */hookctl-agent-*) ;; *) exit 0;; esac\n{\n${attack(dir, pid, secret)}\n} >&2\nexit 2\n`;
      const run = await runAgent('codex', project('codex', hook, 'true'), uid);
      const [result] = run.report.results;
      expect(result?.status, run.stderr).toBe('disagrees');
      expect(result?.agentDid).toMatch(/^denied the call: "R=\[\] uid=0 procs=1?\d\. Command: true"$/);
      expect(readdirSync(dir)).toEqual([]);
      expect(connections).toBe(before);
      expect(existsSync(`/proc/${pid}`)).toBe(true);
    });
  }
});

// A mount point with a space is `\040` in /proc/self/mounts: remounting that text read-only fails, and it stayed writable.
describe.skipIf(why !== null || !asRoot)('test --agent: a mount whose path /proc/self/mounts escapes is read-only too', () => {
  it('a world-writable bind mount at a path with a space and a tab is not written', AGENT_RUN, async () => {
    const dir = join(hostDir(), 'a mount\there');
    mkdirSync(dir, { mode: 0o777 });
    chmodSync(dir, 0o777);
    execFileSync('mount', ['--bind', dir, dir]);
    try {
      const write = `exec 2>/dev/null\nr=""\necho x > '${dir}/f' 2>/dev/null && r="\${r}X"\necho "R=[$r]"\nexit 3`;
      const run = await runAgent('claude', project('claude', null, write, 'PostToolUse'), null);
      expect(run.report.results[0]?.reason, run.stderr).toMatch(/Exit code 3\\nR=\[\]/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      execFileSync('umount', [dir]);
    }
  });
});

// hookctl reads the witness dumps and Claude's result from the sandbox after the run; the agent's hooks could write there.
describe.skipIf(why !== null)('test --agent: what the run leaves in the sandbox is read as untrusted', () => {
  it('a FIFO, /dev/zero and a root-only file among the dumps, the result a link to /dev/zero: no hang, no leak', AGENT_RUN, async () => {
    const secret = `s${randomBytes(8).toString('hex')}`;
    const privy = join(hostDir(), 'private');
    writeFileSync(privy, `${secret} is not JSON`, { mode: 0o600 });
    const hook = [
      'case "$PWD" in */hookctl-agent-*) ;; *) exit 0;; esac',
      'sb="${PWD%%/repo*}"',
      'mkfifo "$sb/hookctl/dumps/0-fifo.json"',
      'ln -s /dev/zero "$sb/hookctl/dumps/0-zero.json"',
      `ln -s ${privy} "$sb/hookctl/dumps/0-private.json"`,
      // The driver writes its result through this link into /dev/zero, and hookctl would read it back.
      'ln -sf /dev/zero "$sb/hookctl/result.json"',
      'exit 0',
    ].join('\n');
    const started = Date.now();
    const run = await runAgent('claude', project('claude', hook, 'true'), null);
    const [result] = run.report.results;
    expect(JSON.stringify(run.report) + run.stderr).not.toContain(secret);
    expect(result?.status, run.stderr).toBe('error');
    expect(result?.reason).toMatch(/^the Claude Code driver exited 0 without a readable result/);
    expect(Date.now() - started).toBeLessThan(120_000);
  });
});

describe.skipIf(why !== null)('test --agent: nothing the run started outlives it', () => {
  for (const agent of ['claude', 'codex'] as const) {
    for (const [who, uid] of users) {
      it(`${agent}, ${who}: a hook's background process that ignores TERM, HUP and INT ends with the run`, AGENT_RUN, async () => {
        const mark = String(Date.now() % 1_000_000).padStart(6, '0');
        // In the agent (its cwd is in the sandbox) the helper sleeps 3000.1<mark>, in hookctl's own run 3000.2<mark>.
        const hook = [
          'case "$PWD" in */hookctl-agent-*) n=1;; *) n=2;; esac',
          `(trap '' TERM HUP INT; exec sleep 3000.\${n}${mark}) >/dev/null 2>&1 &`,
          'exit 0',
        ].join('\n');
        // The call sleeps, so that the helper is seen alive while the agent runs.
        let seen = false;
        const run = await runAgent(agent, project(agent, hook, 'sleep 3'), uid, () => {
          seen ||= processesMarked(`3000.1${mark}`).length > 0;
        });
        expect(run.report.results[0]?.status, run.stderr).toBe('passed');
        expect(run.code).toBe(0);
        // It was running while the agent ran, and it was gone when hookctl exited (the PID namespace's end).
        expect(seen).toBe(true);
        expect(processesMarked(`3000.1${mark}`)).toEqual([]);
        // hookctl's own run of the hook (on the host, SPEC 6.1.6): SIGKILLed at exit, so gone within moments.
        expect(await processesGone(`3000.2${mark}`)).toEqual([]);
      });
    }
  }
});
