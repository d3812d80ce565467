/**
 * The hook work in progress, if any, so that a failing stdout (EPIPE, a full disk) can cancel it.
 * Kept apart from hook-processes.ts so that the CLI entry point can reach it without loading the
 * engine (start-up stays import-light).
 */
export interface ActiveHookWork {
  cancel(exitCode: number | null): void;
}

let active: ActiveHookWork | null = null;

/** Marks `work` as the hook work in progress until the returned function is called. */
export function enterHookWork(work: ActiveHookWork): () => void {
  const previous = active;
  active = work;
  return () => {
    active = previous;
  };
}

/**
 * Cancels the hook work in progress because stdout or stderr failed. Returns false when no hooks
 * are running, so the caller can simply exit.
 */
export function cancelHookWork(): boolean {
  if (active === null) return false;
  active.cancel(null);
  return true;
}
