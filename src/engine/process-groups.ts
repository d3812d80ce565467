import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Every process group a hook of this process leads (each hook is spawned detached, so it leads a
 * group that holds its descendants). A group is tracked from spawn until it is known to be empty,
 * so that nothing a hook started can outlive hookctl (SPEC 6.1.6): a run that is stopped gets
 * SIGTERM then SIGKILL; a finished hook that left helpers behind keeps its group tracked, and
 * `terminateHookProcessGroups` ends them when the CLI exits.
 *
 * Process-wide on purpose: several engines in one process share the same process table.
 */
const tracked = new Set<number>();
/** SIGKILLs scheduled after a SIGTERM; close() and exit wait for them. */
const pendingKills = new Set<Promise<void>>();

/** Starts tracking the group a hook leads. */
export function trackProcessGroup(pgid: number): void {
  tracked.add(pgid);
}

/**
 * The hook process exited: keep tracking its group only while something else in it lives (a
 * helper it left running). Checked with signal 0, one system call, so dispatch stays fast.
 */
export function releaseProcessGroup(pgid: number): void {
  if (!signalProcessGroup(pgid, 0)) tracked.delete(pgid);
}

/** Sends `signal` to every process of the group; false when the group no longer exists. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    // EPERM: a member changed its credentials (setuid); it is not ours to signal, but the group lives.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a group the way a timeout does: SIGTERM now, SIGKILL after `graceMs` (also when the leader
 * left at once: a descendant may ignore SIGTERM). The SIGKILL is tracked until it was sent.
 */
export function stopProcessGroup(pgid: number, graceMs: number): void {
  tracked.add(pgid);
  signalProcessGroup(pgid, 'SIGTERM');
  const kill = sleep(graceMs).then(() => {
    signalProcessGroup(pgid, 'SIGKILL');
    tracked.delete(pgid);
  });
  pendingKills.add(kill);
  void kill.finally(() => pendingKills.delete(kill));
}

/** Resolves once every SIGKILL scheduled by stopProcessGroup has been sent. */
export async function settledKills(): Promise<void> {
  while (pendingKills.size > 0) await Promise.all([...pendingKills]);
}

/** SIGKILL to every tracked group, synchronously: the last word on a hard exit path. */
export function killHookProcessGroupsNow(): void {
  for (const pgid of tracked) signalProcessGroup(pgid, 'SIGKILL');
  tracked.clear();
}

/**
 * Ends every tracked group: SIGTERM, then up to `graceMs` for them to leave, then SIGKILL to what
 * is left. Resolves when done; used when the CLI exits normally or after an interrupt.
 */
export async function terminateHookProcessGroups(graceMs: number): Promise<void> {
  const groups = [...tracked].filter((pgid) => signalProcessGroup(pgid, 'SIGTERM'));
  const deadline = Date.now() + graceMs;
  let living = groups.filter(groupHasLiveMembers);
  while (living.length > 0 && Date.now() < deadline) {
    await sleep(25);
    living = living.filter(groupHasLiveMembers);
  }
  for (const pgid of living) signalProcessGroup(pgid, 'SIGKILL');
  for (const pgid of groups) tracked.delete(pgid);
  await settledKills();
}

/** Group ids still tracked (tests and diagnostics). */
export function trackedProcessGroups(): number[] {
  return [...tracked];
}

/**
 * Whether any process of the group is alive. A zombie is not: it is dead and only waits for its
 * parent (in a container, pid 1 may never reap it), so signal 0 alone would wait for it forever.
 * On Linux the process table says which members are zombies; elsewhere signal 0 is the answer.
 */
function groupHasLiveMembers(pgid: number): boolean {
  if (!signalProcessGroup(pgid, 0)) return false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      // Fields after the parenthesised command name: state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') return true;
    } catch {
      // ended while we looked
    }
  }
  return false;
}
