import { spawnSync } from 'node:child_process';

/**
 * A network namespace whose only interface is loopback, for running a real agent binary against a
 * scripted model server of ours without any chance of it reaching another host. The server and the
 * agent must share the namespace (a new namespace has its own 127.0.0.1), so the caller wraps one
 * process — a driver that starts the server and then the agent — and everything it starts inherits
 * the namespace.
 *
 * As root `unshare -n` suffices; otherwise `unshare -rn` maps the user to root inside a new user
 * namespace, where bringing `lo` up is allowed. Where neither works (no unshare, no iproute2, user
 * namespaces disabled, a container without CAP_SYS_ADMIN) the probe says why in one line and the
 * caller does not run: never fall back to the host network.
 */
export type LoopbackNamespace =
  | { readonly available: true; readonly wrap: (argv: readonly string[]) => string[] }
  | { readonly available: false; readonly reason: string };

let probed: LoopbackNamespace | undefined;

/** Probes once per process whether a loopback-only namespace can be made here. */
export function loopbackNamespace(): LoopbackNamespace {
  probed ??= probe();
  return probed;
}

// `ip link set lo up` then exec the command: the shell's "$@" keeps every argument as given.
const BRING_UP_LO = 'ip link set lo up && exec "$@"';

function probe(): LoopbackNamespace {
  if (process.platform !== 'linux') return { available: false, reason: `network namespaces need Linux (this is ${process.platform})` };
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const flags = asRoot ? ['-n'] : ['-rn'];
  const wrap = (argv: readonly string[]): string[] => ['unshare', ...flags, '--', 'sh', '-c', BRING_UP_LO, 'sh', ...argv];
  const [command, ...args] = wrap(['sh', '-c', 'ip -o link show up | grep -c . ; ip -o link show | grep -c .']);
  const result = spawnSync(command as string, args, { encoding: 'utf8', timeout: 10_000 });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    return {
      available: false,
      reason: code === 'ENOENT' ? 'unshare (util-linux) is not installed' : `unshare failed: ${result.error.message}`,
    };
  }
  if (result.status !== 0) {
    const why = (result.stderr || '').trim().split('\n')[0] || `exit ${result.status}`;
    return { available: false, reason: `no loopback-only network namespace here (unshare ${flags.join(' ')}: ${why})` };
  }
  // One interface, and it is up: nothing but loopback is reachable.
  const [up, all] = result.stdout.trim().split('\n').map(Number);
  if (up !== 1 || all !== 1)
    return { available: false, reason: `the new namespace has ${all} interfaces, ${up} up; expected loopback only` };
  return { available: true, wrap };
}
