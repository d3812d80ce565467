import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isPlainObject } from './is-plain-object.js';
import { readRegularFileSync, SIZE_CAPS } from './regular-file.js';

/**
 * Where a real agent runs a user's test case: a copy of the project, and a process wrapper that
 * jails the agent. The agent then runs the case's tool call for real (a `rm -rf` the hooks fail to
 * stop included), and that can touch nothing but the copy. The jail (docs/security.md, "The
 * `test --agent` jail"), from the outside in:
 *
 * - as root, hookctl first becomes JAIL_UID, a uid of no one: whatever happens inside, the kernel
 *   sees an unprivileged user that owns nothing on the host but the sandbox (chowned to it);
 * - a new user namespace (that uid is root inside it, and has no capability outside it), with new
 *   network (loopback only), mount and PID namespaces, and a /proc of the jail's processes only:
 *   no other process's root, mount or network namespace, environment or memory can be named;
 * - inside, every mount is remounted read-only but the sandbox (and the overlays for `written` files);
 * - then the driver (model server + agent) is exec'd with no capability left (bounding, inheritable
 *   and ambient sets emptied) and no_new_privs, so no remount, setns, or setuid program undoes it;
 * - the driver is the PID namespace's init: when it exits, the kernel kills every process the run
 *   started, a hook's `trap '' TERM; sleep &` included, before hookctl sees the wrapper exit.
 */
export interface AgentJail {
  /**
   * argv → the argv that runs it jailed, with `writable` (the case's sandbox) its only writable
   * place. Each file in `written` outside the sandbox (a case's Write to `/etc/hosts`) becomes
   * writable through an overlay on its directory whose changes stay in the sandbox, where the kernel
   * allows it; elsewhere it stays read-only.
   */
  wrap(argv: readonly string[], writable: string, written?: readonly string[]): string[];
  /** Null when fully jailed, else the one line that says what is missing here. */
  readonly note: string | null;
}

/**
 * The uid hookctl becomes before jailing an agent when it runs as root: high, so that it is no
 * system account and outside the usual subordinate-id ranges (100000–165535 per user), and owned by
 * no file on the host. Inside the jail it is uid 0 without capabilities.
 */
export const JAIL_UID = 1_999_999_937;

// Inside the namespaces, still privileged there: loopback up; each written file's directory gets an
// overlay whose upper layer is in the sandbox (the host's directory is never written) and the file
// itself is copied up, owned by the jail (the lower one belongs to a uid the namespace cannot map);
// the sandbox becomes its own mount (so it stays writable), every other mount but /proc (the jail's
// own) is remounted read-only, and a mount that stays writable stops the jail (a mount point with a
// space is written `\040` in /proc/self/mounts: printf %b decodes it); then every capability is
// dropped for good and the driver exec'd.
const SETUP = [
  'sb="$1"; n="$2"; shift 2',
  'ip link set lo up || exit 96',
  'kept="|"; i=0',
  'while [ "$i" -lt "$n" ]; do',
  '  d="$1"; f="$2"; shift 2; i=$((i + 1)); o="$sb/.hookctl-shadow/$i"',
  '  case "$kept" in *"|$d|"*) ;; *)',
  '    mkdir -p "$o/upper" "$o/work"',
  '    mount -t overlay overlay -o "lowerdir=$d,upperdir=$o/upper,workdir=$o/work" "$d" 2>/dev/null && kept="$kept$d|";;',
  '  esac',
  '  case "$kept" in *"|$d|"*) [ -f "$f" ] && cp "$f" "$f.hookctl-up" && mv -f "$f.hookctl-up" "$f";; esac',
  'done',
  'mount --bind "$sb" "$sb" || exit 97',
  "mounts=$(awk '{print $4, $2}' /proc/self/mounts)",
  'while read -r opts m; do',
  '  m=$(printf "%b" "$m")',
  '  case "$m" in "$sb"|"$sb"/*|/proc|/proc/*) continue;; esac',
  '  case "$kept" in *"|$m|"*) continue;; esac',
  '  mount -o remount,bind,ro "$m" 2>/dev/null && continue',
  '  case ",$opts," in *,ro,*) ;; *) echo "cannot make $m read-only" >&2; exit 98;; esac',
  'done <<EOF',
  '$mounts',
  'EOF',
  'exec setpriv --no-new-privs --bounding-set=-all --inh-caps=-all --ambient-caps=-all -- "$@"',
].join('\n');

const NAMESPACES = ['--user', '--map-root-user', '--net', '--mount', '--pid', '--fork', '--kill-child', '--mount-proc'];

let jail: AgentJail | undefined;

/** Probes once per process what isolation this machine allows. */
export function agentJail(): AgentJail {
  jail ??= probeJail();
  return jail;
}

const asRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** The jail's argv; see AgentJail. */
function jailed(argv: readonly string[], writable: string, written: readonly string[] = []): string[] {
  const pairs = shadowTargets(written, writable).flatMap(({ dir, file }) => [dir, file]);
  const inner = ['unshare', ...NAMESPACES, '--propagation', 'private', '--', 'sh', '-c', SETUP, 'sh', writable, String(pairs.length / 2)];
  const command = [...inner, ...pairs, ...argv];
  if (!asRoot() || !reachableByJailUid(argv[0])) return command;
  // The sandbox becomes the jail uid's (symbolic links themselves, never what they point to), then
  // hookctl drops to that uid before any namespace is made: root's own rights never enter the jail.
  const id = String(JAIL_UID);
  const drop = ['setpriv', `--reuid=${id}`, `--regid=${id}`, '--clear-groups', '--'];
  return ['sh', '-c', 'chown -R -h -P "$1:$1" "$2" && shift 2 && exec "$@"', 'sh', id, writable, ...drop, ...command];
}

const reachable = new Map<string, boolean>();

/**
 * Whether the jail's uid can run the agent and read hookctl's own files (a checkout under a `0700`
 * directory, such as `mktemp -d`, is root's alone). Where it cannot, root is not dropped to it: the
 * jail is still every namespace, a `/proc` of its own, read-only mounts and no capabilities
 * (docs/security.md), only without the second uid.
 */
function reachableByJailUid(program: string | undefined): boolean {
  const paths = [program ?? '', process.argv[1] ?? ''].filter((path) => path.includes('/'));
  const key = paths.join('\0');
  let known = reachable.get(key);
  if (known === undefined) {
    const id = String(JAIL_UID);
    const check = spawnSync(
      'setpriv',
      [`--reuid=${id}`, `--regid=${id}`, '--clear-groups', '--', 'sh', '-c', 'for p; do [ -r "$p" ] || exit 1; done', 'sh', ...paths],
      { timeout: 10_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
    );
    known = check.status === 0;
    reachable.set(key, known);
  }
  return known;
}

function probeJail(): AgentJail {
  if (process.platform !== 'linux') return unjailed(`an agent jail needs Linux (this is ${process.platform})`);
  const missing = TOOLS.find(([tool]) => !onPath(tool));
  if (missing !== undefined) return unjailed(`${missing[0]} (${missing[1]}) is not installed`);
  // A throwaway sandbox: the probe must write there as the jail's uid, with node, as a case would.
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-jail-probe-'));
  try {
    const [command, ...args] = jailed([process.execPath, '-e', 'require("fs").writeFileSync(process.argv[1] + "/ok", "")', dir], dir);
    const result = spawnSync(command as string, args, {
      encoding: 'utf8',
      timeout: 20_000,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    if (result.error) {
      const code = (result.error as NodeJS.ErrnoException).code;
      return unjailed(code === 'ENOENT' ? 'unshare (util-linux) is not installed' : `unshare failed: ${result.error.message}`);
    }
    if (result.status === 0 && existsSync(join(dir, 'ok'))) return { wrap: jailed, note: null };
    const why = (result.stderr || '').trim().split('\n').pop() || `exit ${result.status}`;
    return unjailed(`no agent jail here (user, network, mount and PID namespaces without capabilities: ${why})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The programs the jail is made with, and where each comes from. */
const TOOLS: readonly (readonly [string, string])[] = [
  ['unshare', 'util-linux'],
  ['setpriv', 'util-linux'],
  ['ip', 'iproute2'],
];

function onPath(tool: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, tool)));
}

/** As `hookctl test` runs them: on this host, with the user's rights, nothing in between. */
function unjailed(reason: string): AgentJail {
  return {
    wrap: (argv) => [...argv],
    note:
      `${reason}: the agent and the project's hooks run unsandboxed on this host ` +
      '(as with `hookctl test`); the agent reaches 127.0.0.1 only because its settings say so',
  };
}

/** Each written file outside the sandbox with the directory to shadow for it (see shadowDirs). */
function shadowTargets(paths: readonly string[], sandbox: string): { dir: string; file: string }[] {
  return paths.flatMap((file) => shadowDirs([file], sandbox).map((dir) => ({ dir, file: resolve(file) })));
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
  const sandbox = dirname(layout.tools);
  return readdirSync(layout.dumps)
    .sort()
    .map((file) => parseOrNull(readFromJail(sandbox, join(layout.dumps, file))))
    .filter((payload): payload is Record<string, unknown> => isPlainObject(payload) && payload.hook_event_name === event);
}

/**
 * The text of a file the jailed run may have written, or null. The agent and its hooks own the
 * sandbox, so what is there is untrusted: only a regular file whose real path is inside `sandbox`,
 * of at most the payload cap, is read. A planted FIFO or `/dev/zero` (hookctl would hang or run out
 * of memory) or a symbolic link to a file only hookctl's user may read (its text would reach the
 * report) is null. Read after the run, when the PID namespace has ended every process that could
 * swap the file.
 */
export function readFromJail(sandbox: string, path: string): string | null {
  let real: string;
  try {
    real = realpathSync(path);
    const inside = relative(realpathSync(sandbox), real);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  } catch {
    return null;
  }
  const read = readRegularFileSync(real, SIZE_CAPS.payload);
  return read.ok ? read.bytes.toString('utf8') : null;
}

function parseOrNull(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
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
