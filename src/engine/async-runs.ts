import { Limiter } from './limiter.js';
import { settledKills } from './process-groups.js';
import { timerDelay } from '../util/timer-delay.js';
import { monotonicMs } from '../util/monotonic-ms.js';

/**
 * Tracks async (detached) hook runs so that the engine's `close()` can wait for them up to their
 * timeouts and then kill them (SPEC 2.8). A run reports its own result through the engine's
 * callbacks; the tracker only needs to know when it is over.
 */
type StartRun = (signal: AbortSignal) => Promise<unknown>;

interface TrackedRun {
  readonly id: string;
  readonly deadline: number;
  readonly controller: AbortController;
  settled: Promise<void>;
}

/**
 * Past its timeout a command run kills itself and reports `timed out`; the tracker aborts only a
 * little later, as a safety net for runs that did not stop on their own.
 */
const DEADLINE_SLACK_MS = 100;

/** Codex runs at most 8 async hooks at a time (codex-rs/hooks/src/engine/command_runner.rs, MAX_CONCURRENT_ASYNC_HOOKS). */
export const MAX_CONCURRENT_ASYNC_RUNS = 8;

export class AsyncRuns {
  private readonly runs = new Set<TrackedRun>();
  private readonly limiter: Limiter;

  constructor(maxConcurrent = MAX_CONCURRENT_ASYNC_RUNS) {
    this.limiter = new Limiter(maxConcurrent);
  }

  /** Starts `run` now, detached from the caller; `close()` will wait for it up to `timeoutMs`. */
  start(id: string, timeoutMs: number, run: StartRun): void {
    const tracked: TrackedRun = {
      id,
      deadline: monotonicMs() + timeoutMs + DEADLINE_SLACK_MS,
      controller: new AbortController(),
      settled: Promise.resolve(),
    };
    // A rejection is the run's own failure to report; it must neither escape as an unhandled
    // rejection nor make close() reject.
    tracked.settled = Promise.resolve()
      // Queued runs wait for a slot; one aborted meanwhile starts with an aborted signal and ends at once.
      .then(() => this.limiter.run(() => run(tracked.controller.signal)))
      .then(ignore, ignore)
      .finally(() => this.runs.delete(tracked));
    this.runs.add(tracked);
  }

  /** Ids of the runs still going, in start order. */
  running(): string[] {
    return [...this.runs].map((run) => run.id);
  }

  /**
   * Waits for every run (including ones started meanwhile) up to its deadline, then aborts it.
   * `signal` cuts the wait short: when it aborts (Ctrl-C in the CLI), every run is stopped at once.
   * Resolves only after the processes of stopped runs were sent their SIGKILL, so a caller that
   * exits right after close() leaves nothing running.
   */
  async close(options: { signal?: AbortSignal } = {}): Promise<void> {
    const { signal } = options;
    // One listener however many runs wait: eleven listeners on one signal make Node warn of a leak.
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      if (signal?.aborted) resolve();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      while (this.runs.size > 0) {
        await Promise.all([...this.runs].map((run) => awaitOrAbort(run, aborted)));
      }
    } finally {
      signal?.removeEventListener('abort', onAbort!);
    }
    await settledKills();
  }
}

async function awaitOrAbort(run: TrackedRun, aborted: Promise<void>): Promise<void> {
  const remaining = run.deadline - monotonicMs();
  if (remaining > 0) {
    let timer: NodeJS.Timeout | undefined;
    // A deadline beyond what a timer holds must not overflow into an immediate abort.
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timerDelay(remaining));
    });
    await Promise.race([run.settled, deadline, aborted]);
    clearTimeout(timer);
  }
  run.controller.abort();
  await run.settled;
}

function ignore(): void {}
