import { readdirSync, readFileSync } from 'node:fs';

/** A process an agent started that was still running when its run timed out (a hook that hangs). */
export interface StillRunning {
  /** Its command: the text after `-c` for a shell, else its arguments joined. */
  readonly command: string;
  readonly runningMs: number;
}

/** USER_HZ: /proc's clock ticks per second, 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100;

/**
 * The processes below `pid` that are not the agent itself (`isAgent` on their argv), oldest first,
 * from /proc (empty where there is none): the hooks and tool commands the agent was waiting on. Only
 * the outermost process of each command is listed (its shell, not the python3 the shell runs).
 */
export function processesBelow(pid: number, isAgent: (argv: readonly string[]) => boolean): StillRunning[] {
  let entries: string[];
  let uptime: number;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  } catch {
    return [];
  }
  const processes = new Map<number, { parent: number; startTicks: number; argv: string[] }>();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the parenthesised name: state, ppid, … starttime (field 22 of stat, index 19 here).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      processes.set(Number(name), { parent: Number(fields[1]), startTicks: Number(fields[19]), argv });
    } catch {
      // gone meanwhile
    }
  }
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, info] of processes)
      if (!below.has(id) && below.has(info.parent)) {
        below.add(id);
        grew = true;
      }
  }
  const found: (StillRunning & { started: number })[] = [];
  for (const id of below) {
    const info = processes.get(id);
    if (id === pid || info === undefined || isAgent(info.argv)) continue;
    const parent = processes.get(info.parent);
    if (parent !== undefined && info.parent !== pid && !isAgent(parent.argv)) continue;
    const dashC = info.argv.findIndex((arg, i) => i > 0 && /^-[a-z]*c$/.test(arg));
    const command = dashC >= 0 && dashC + 1 < info.argv.length ? info.argv.slice(dashC + 1).join(' ') : info.argv.join(' ');
    const started = info.startTicks / CLOCK_TICKS;
    found.push({ command, runningMs: Math.max(0, Math.round((uptime - started) * 1000)), started });
  }
  return found.sort((a, b) => a.started - b.started).map(({ command, runningMs }) => ({ command, runningMs }));
}
