import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { BIN, type CliResult } from '../helpers/run-cli.js';

/**
 * The attacker's kit: real files, real device nodes, real FIFOs and the real `hookctl` binary, run
 * as a child whose peak memory is measured. Shared by the test/adversarial/ suites.
 */

export interface MeasuredResult extends CliResult {
  /** Peak resident set size of the hookctl process (VmHWM), in MiB. */
  peakRssMiB: number;
}

export interface MeasuredOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
  /**
   * Run without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (`setpriv --bounding-set`), so a mode-000
   * file really is unreadable (EACCES) although the tests run as root.
   */
  withoutFileOverride?: boolean;
}

/** Memory a hookctl process may never reach; a runaway child is killed there so the machine survives the test. */
export const RSS_KILL_MIB = 1024;

/**
 * Runs the real binary like test/helpers/run-cli.ts, polling the child's VmHWM (peak RSS) from
 * /proc every 20 ms. The last sample before exit is the peak the process reached.
 */
export function runMeasured(args: readonly string[], options: MeasuredOptions = {}): Promise<MeasuredResult> {
  const [command, ...prefix] = [...(options.withoutFileOverride ? dropFileOverride() : []), process.execPath];
  return new Promise((resolve, reject) => {
    const child = spawn(command!, [...prefix, BIN, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let peakKiB = 0;
    const sample = () => {
      peakKiB = Math.max(peakKiB, peakRssKiB(child.pid!));
      if (peakKiB > RSS_KILL_MIB * 1024) child.kill('SIGKILL');
    };
    const poll = setInterval(sample, 20);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ code, stdout, stderr, peakRssMiB: Math.round(peakKiB / 1024) });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

function peakRssKiB(pid: number): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * The command prefix that drops the capabilities letting root read any file (setpriv, util-linux).
 * As a normal user no prefix is needed: mode 000 already denies, so the same test proves EACCES.
 */
export function dropFileOverride(): string[] {
  if (process.getuid?.() !== 0) return [];
  return ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-dac_override,-dac_read_search'];
}

/** A named pipe nobody writes to: opening it for reading blocks forever unless done non-blocking. */
export function makeFifo(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  execFileSync('mkfifo', [path]);
  return path;
}

/**
 * A sandbox (home/, project/ as a git root, managed/) that lives for a whole describe block, for
 * suites that set up once and attack many times.
 */
export interface Arena {
  root: string;
  home: string;
  project: string;
  write(relativePath: string, content: string, options?: { mode?: number }): string;
  dir(relativePath: string): string;
}

export function makeArena(): Arena {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-attack-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const arena: Arena = {
    root,
    home: join(root, 'home'),
    project: join(root, 'project'),
    write(relativePath, content, options = {}) {
      const path = join(root, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content, options.mode === undefined ? {} : { mode: options.mode });
      return path;
    },
    dir(relativePath) {
      const path = join(root, relativePath);
      mkdirSync(path, { recursive: true });
      return path;
    },
  };
  arena.dir('home');
  arena.dir('project/.git');
  return arena;
}

/** A fatal JavaScript failure leaking out of hookctl instead of a one-line error or a finding. */
export const CRASH = /internal error|Maximum call stack|RangeError|TypeError|\n\s+at .*\(.*:\d+:\d+\)/;

/** The managed policy every openinterpreter attack tries to get around: it denies Bash. */
export const MANAGED_DENY = `[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "echo 'managed policy: no' >&2; exit 2"
`;

/** The user's own hook: it says it ran, so a test can see user hooks still run. */
export const USER_HOOKS_JSON = JSON.stringify({
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', id: 'user-note', command: `echo '{"systemMessage":"user hook ran"}'` }] }],
  },
});
