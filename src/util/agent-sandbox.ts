import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loopbackNamespace } from './loopback-namespace.js';

/**
 * Where a real agent runs a user's test case: a copy of the project, and a process wrapper that
 * puts the agent in a loopback-only network namespace whose file system is read-only except the
 * case's own sandbox directory. The agent then runs the case's tool call for real (a `rm -rf` the
 * hooks fail to stop included), and that can touch nothing but the copy.
 */
export interface AgentJail {
  /** argv → the argv that runs it jailed. */
  wrap(argv: readonly string[], writable: string): string[];
  /** Null when fully jailed, else the one line that says what is missing here. */
  readonly note: string | null;
}

// Inside the namespace: the sandbox becomes its own mount (so it stays writable), then every other
// mount is remounted read-only; /proc and /sys are left as the kernel made them.
const READ_ONLY = [
  'sb="$1"; shift',
  'mount --bind "$sb" "$sb" || exit 97',
  "awk '{print $2}' /proc/self/mounts | while read -r m; do",
  '  case "$m" in "$sb"|"$sb"/*|/proc|/proc/*|/sys|/sys/*) continue;; esac',
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
      note: `${namespace.reason}: the agent runs on this host's network, pointed at 127.0.0.1 only by its settings`,
    };
  }
  const readOnly = (argv: readonly string[], writable: string): string[] =>
    namespace.wrap(['unshare', '-m', '--propagation', 'private', '--', 'sh', '-c', READ_ONLY, 'sh', writable, ...argv]);
  const probe = readOnly(['true'], '/tmp');
  const result = spawnSync(probe[0] as string, probe.slice(1), { timeout: 10_000 });
  if (result.status === 0) return { wrap: readOnly, note: null };
  return {
    wrap: (argv) => namespace.wrap(argv),
    note: 'no private mount namespace here: the agent runs network-isolated, but tool calls can write outside its sandbox',
  };
}

/** Directories never copied: version control and installed dependencies are not hook settings. */
const SKIPPED = new Set(['.git', 'node_modules']);

/**
 * Copies the project (without .git and node_modules) to `dest`, and marks it a repository root the
 * way the agents recognise one (a `.git` directory holding HEAD), so project layers load.
 */
export function copyProject(projectDir: string, dest: string): void {
  cpSync(projectDir, dest, { recursive: true, dereference: false, filter: (source) => !SKIPPED.has(basename(source)) });
  mkdirSync(join(dest, '.git'), { recursive: true });
  writeFileSync(join(dest, '.git', 'HEAD'), 'ref: refs/heads/main\n');
}
