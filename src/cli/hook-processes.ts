import { killHookProcessGroupsNow, terminateHookProcessGroups } from '../engine/process-groups.js';
import { DEFAULT_KILL_GRACE_MS } from '../engine/run-command.js';
import { enterHookWork } from './hook-work.js';

/**
 * SPEC 6.1.6: no hook process outlives hookctl. Hooks lead their own process groups (so a timeout
 * reaches their descendants), which also puts them out of reach of the terminal's Ctrl-C: hookctl
 * must stop them itself, whichever way it ends.
 *
 * - first SIGINT/SIGTERM/SIGHUP: the work is cancelled (running hooks get SIGTERM, then SIGKILL
 *   after the grace; async hooks are no longer waited for) and hookctl exits 128+signal once
 *   they are gone; a watchdog bounds that wait even if the work hangs;
 * - a second signal: SIGKILL to every hook process group now, and exit at once;
 * - the reader of stdout went away (EPIPE) or stdout failed: cancelled like a first signal;
 * - normal end: helpers a finished hook left in its group get SIGTERM, then SIGKILL;
 * - any exit at all: a synchronous SIGKILL to whatever is still tracked (the last resort).
 *
 * A hook that means to leave a daemon behind must start it in a session of its own (`setsid`).
 */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type GuardedSignal = keyof typeof SIGNAL_EXIT_CODES;

let exitHookInstalled = false;

export interface GuardedResult<T> {
  value: T;
  /** The exit status the interruption asks for (130 SIGINT, 143 SIGTERM, 129 SIGHUP), else null. */
  interruptedExitCode: number | null;
  /** True when the work was cancelled (by a signal or because stdout went away). */
  cancelled: boolean;
}

/** Runs `work`, which starts hooks, under the rules above; `work` gets the signal that cancels it. */
export async function guardHookProcesses<T>(work: (signal: AbortSignal) => Promise<T>): Promise<GuardedResult<T>> {
  installExitHook();
  const controller = new AbortController();
  let interruptedExitCode: number | null = null;
  let watchdog: NodeJS.Timeout | undefined;
  const cancel = (exitCode: number | null): void => {
    if (controller.signal.aborted) return;
    interruptedExitCode = exitCode;
    controller.abort();
    // Everything stops within the kill grace; if the work still hangs past twice that, end it hard.
    watchdog = setTimeout(() => hardExit(exitCode ?? 1), 2 * DEFAULT_KILL_GRACE_MS + 1000);
    watchdog.unref();
  };
  const onSignal = (signal: GuardedSignal): void => {
    if (controller.signal.aborted) hardExit(interruptedExitCode ?? SIGNAL_EXIT_CODES[signal]);
    else cancel(SIGNAL_EXIT_CODES[signal]);
  };
  const handlers = (Object.keys(SIGNAL_EXIT_CODES) as GuardedSignal[]).map((signal) => {
    const handler = () => onSignal(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const leave = enterHookWork({ cancel });
  try {
    const value = await work(controller.signal);
    return { value, interruptedExitCode, cancelled: controller.signal.aborted };
  } finally {
    await terminateHookProcessGroups(DEFAULT_KILL_GRACE_MS);
    clearTimeout(watchdog);
    for (const [signal, handler] of handlers) process.off(signal, handler);
    leave();
  }
}

/** Kills every hook process group at once and exits: for a second Ctrl-C and the watchdog. */
function hardExit(code: number): never {
  killHookProcessGroupsNow();
  process.exit(code);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' listeners run synchronously on every exit path, process.exit() included.
  process.on('exit', killHookProcessGroupsNow);
}
