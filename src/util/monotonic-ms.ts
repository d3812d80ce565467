/**
 * Milliseconds on a monotonic clock, as `performance.now()` but with another origin, and without
 * loading `perf_hooks` (the `performance` global loads it on first use): a cost `hookctl run` pays
 * on every start. Only differences of two readings mean anything.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
