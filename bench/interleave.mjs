// Interleaved timing for process benchmarks that compare against a baseline such as `node -e 0`.
import { performance } from 'node:perf_hooks';
import { median } from './stats.mjs';

/**
 * Median wall time in ms of each async run, taking turns (a, b, c, a, b, c, …) so that load from
 * other processes lands on every side alike and ratios between them stay meaningful on a busy
 * machine. The first `warmup` rounds (file system cache, first spawn) are not counted.
 */
export async function interleavedMedians(runs, { iterations, warmup = 1 }) {
  const samples = runs.map(() => []);
  for (let round = 0; round < warmup + iterations; round++) {
    for (const [k, run] of runs.entries()) {
      const start = performance.now();
      await run();
      if (round >= warmup) samples[k].push(performance.now() - start);
    }
  }
  return samples.map(median);
}
