/**
 * An abort signal tied to Ctrl-C for the duration of `work`. Hooks run in their own process groups,
 * out of reach of the terminal's SIGINT, so the engine must be told to kill them.
 */
export async function untilInterrupted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<{ value: T; interrupted: boolean }> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  try {
    const value = await work(controller.signal);
    return { value, interrupted: controller.signal.aborted };
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}

/** The conventional exit status of a process stopped by SIGINT. */
export const INTERRUPTED_EXIT_CODE = 130;
