import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isPlainObject } from './is-plain-object.js';
import { loopbackNamespace } from './loopback-namespace.js';

/**
 * Where a real agent runs a user's test case: a copy of the project, and a process wrapper that
 * puts the agent in a loopback-only network namespace whose file system is read-only except the
 * case's own sandbox directory. The agent then runs the case's tool call for real (a `rm -rf` the
 * hooks fail to stop included), and that can touch nothing but the copy.
 */
export interface AgentJail {
  /**
   * argv → the argv that runs it jailed. `shadowed` directories outside the sandbox become writable
   * through an overlay whose changes stay in the sandbox (a case's Write to `/etc/hosts`), where the
   * kernel allows it; elsewhere they stay read-only.
   */
  wrap(argv: readonly string[], writable: string, shadowed?: readonly string[]): string[];
  /** Null when fully jailed, else the one line that says what is missing here. */
  readonly note: string | null;
}

// Inside the namespace: each shadowed directory gets an overlay whose upper layer is in the sandbox
// (the host's directory is never written), the sandbox becomes its own mount (so it stays writable),
// then every other mount is remounted read-only; /proc and /sys are left as the kernel made them.
const READ_ONLY = [
  'sb="$1"; n="$2"; shift 2',
  'kept=""; i=0',
  'while [ "$i" -lt "$n" ]; do',
  '  d="$1"; shift; i=$((i + 1)); o="$sb/.hookctl-shadow/$i"',
  '  mkdir -p "$o/upper" "$o/work"',
  '  mount -t overlay overlay -o "lowerdir=$d,upperdir=$o/upper,workdir=$o/work" "$d" 2>/dev/null && kept="$kept|$d|"',
  'done',
  'mount --bind "$sb" "$sb" || exit 97',
  "awk '{print $2}' /proc/self/mounts | while read -r m; do",
  '  case "$m" in "$sb"|"$sb"/*|/proc|/proc/*|/sys|/sys/*) continue;; esac',
  '  case "$kept" in *"|$m|"*) continue;; esac',
  '  mount -o remount,bind,ro "$m" 2>/dev/null || true',
  'done',
  'exec "$@"',
].join('\n');

let jail: AgentJail | undefined;

/** Probes once per process what isolation this machine allows. */
export function agentJail(): AgentJail {
  jail ??= probeJail();
  return jail;
}

function probeJail(): AgentJail {
  const namespace = loopbackNamespace();
  if (!namespace.available) {
    return {
      wrap: (argv) => [...argv],
      // As `hookctl test` runs them: on this host, with the user's rights, nothing in between.
      note:
        `${namespace.reason}: the agent and the project's hooks run unsandboxed on this host ` +
        '(as with `hookctl test`); the agent reaches 127.0.0.1 only because its settings say so',
    };
  }
  const readOnly = (argv: readonly string[], writable: string, shadowed: readonly string[] = []): string[] =>
    namespace.wrap([
      'unshare',
      '-m',
      '--propagation',
      'private',
      '--',
      'sh',
      '-c',
      READ_ONLY,
      'sh',
      writable,
      String(shadowed.length),
      ...shadowed,
      ...argv,
    ]);
  const probe = readOnly(['true'], '/tmp');
  const result = spawnSync(probe[0] as string, probe.slice(1), { timeout: 10_000 });
  if (result.status === 0) return { wrap: readOnly, note: null };
  return {
    wrap: (argv) => namespace.wrap(argv),
    note: 'no private mount namespace here: the agent runs network-isolated, but tool calls can write outside its sandbox',
  };
}

/**
 * The directories to shadow so that writes to `paths` outside the sandbox succeed inside the jail:
 * for each absolute path outside it, the nearest existing directory above the file, unless that
 * directory holds the sandbox (such a write stays read-only and its case is `not run`).
 */
export function shadowDirs(paths: readonly string[], sandbox: string): string[] {
  const dirs = new Set<string>();
  for (const path of paths) {
    if (!isAbsolute(path) || !relative(sandbox, path).startsWith('..')) continue;
    let dir = dirname(resolve(path));
    while (dir !== dirname(dir) && !existsSync(dir)) dir = dirname(dir);
    // Never `/` nor a directory holding the sandbox (a Write to /tmp/x with the sandbox in /tmp): an
    // overlay there would hide the sandbox's own mount, and the driver's result would land in the overlay.
    if (relative(dir, sandbox).startsWith('..')) dirs.add(dir);
  }
  return [...dirs];
}

/** Directories never copied: version control and installed dependencies are not hook settings. */
const SKIPPED = new Set(['.git', 'node_modules']);

/** The directories of one case's sandbox, the same for every agent. */
export interface SandboxLayout {
  /** A fresh repository standing for the one that holds the project (its `git rev-parse --show-toplevel`). */
  readonly root: string;
  /** The project's copy, at its place relative to `root` as in the user's repository. */
  readonly project: string;
  /** The case's cwd moved into the copy when it exists there, else `project`. */
  readonly cwd: string;
  readonly home: string;
  readonly tmp: string;
  /** hookctl's own files (witness scripts, specs, results), outside the project. */
  readonly tools: string;
  /** Where the witness hook writes each payload the agent sent. */
  readonly dumps: string;
}

/**
 * Lays out `sandbox` for one case: the project copied to its toplevel-relative place inside a fresh
 * repository (only the project's files, not the rest of the user's repository), so a hook command
 * anchored at `$(git rev-parse --show-toplevel)/…` finds its script as in the user's checkout, and an
 * agent that keys project trust by the repository root (Codex) sees the layout it would see there.
 */
export function laySandbox(sandbox: string, projectDir: string, payloadCwd: unknown): SandboxLayout {
  const from = enclosingRoot(projectDir) ?? projectDir;
  const root = join(sandbox, 'repo');
  const project = join(root, relative(from, projectDir));
  const tools = join(sandbox, 'hookctl');
  const layout = { root, project, home: join(sandbox, 'home'), tmp: join(sandbox, 'tmp'), tools, dumps: join(tools, 'dumps') };
  for (const dir of [layout.home, layout.tmp, layout.dumps]) mkdirSync(dir, { recursive: true });
  cpSync(projectDir, project, { recursive: true, dereference: false, filter: (source) => !SKIPPED.has(basename(source)) });
  initRepository(root);
  const wanted = typeof payloadCwd === 'string' ? payloadCwd.split(projectDir).join(project) : project;
  return { ...layout, cwd: existsSync(wanted) ? wanted : project };
}

/** The nearest directory at or above `dir` holding `.git` (a checkout or a linked worktree), else null. */
function enclosingRoot(dir: string): string | null {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return at;
    if (at === dirname(at)) return null;
  }
}

/**
 * `git init`, so `git rev-parse` works in hooks; where git is missing, a `.git` holding HEAD is what
 * the agents themselves look for to find the project root (and no hook could call git anyway).
 */
function initRepository(root: string): void {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  const result = spawnSync('git', ['init', '--quiet', root], { env, timeout: 30_000 });
  if (result.status === 0) return;
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
}

/** A project path (or any string holding it) moved into the copy; other values as they are. */
export function intoCopy(value: unknown, projectDir: string, copy: string): unknown {
  if (typeof value === 'string') return value.split(projectDir).join(copy);
  if (Array.isArray(value)) return value.map((item) => intoCopy(item, projectDir, copy));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, intoCopy(v, projectDir, copy)]));
  return value;
}

/** The witness hook command: it writes the payload the agent sent to `dumps` and prints nothing. */
export function writeWitness(layout: SandboxLayout): string {
  const witness = join(layout.tools, 'witness.sh');
  writeFileSync(witness, `cat > "${layout.dumps}/$(date +%s%N)-$$.json"\n`);
  return `sh ${witness}`;
}

/** The payloads the witness recorded for `event`, in the order they came. */
export function witnessed(layout: SandboxLayout, event: string): Record<string, unknown>[] {
  return readdirSync(layout.dumps)
    .sort()
    .map((file) => {
      try {
        return JSON.parse(readFileSync(join(layout.dumps, file), 'utf8')) as unknown;
      } catch {
        return null;
      }
    })
    .filter((payload): payload is Record<string, unknown> => isPlainObject(payload) && payload.hook_event_name === event);
}

/** `<agent> --version`, first line, with nothing of the caller's environment but PATH and `env`. */
export function agentVersion(bin: string, env: Readonly<Record<string, string>> = {}): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const full = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env };
    execFile(bin, ['--version'], { timeout: 30_000, env: full }, (error, stdout) => {
      if (error) reject(error);
      else resolvePromise(stdout.trim().split('\n')[0] ?? '');
    });
  });
}
