/**
 * At most `max` tasks at a time; the rest wait in the order they were queued. Hooks are bounded so
 * that a config with 1,500 handlers on one event cannot exhaust file descriptors (three pipes per
 * hook process; SPEC 6.1.4): they run in waves, still started in configured order.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`a concurrency limit must be a whole number ≥ 1 (got ${max})`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so the count never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
