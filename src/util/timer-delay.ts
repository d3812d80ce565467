/**
 * The longest delay a Node timer holds: 2^31 − 1 ms, about 24.8 days. A longer delay does not wait
 * longer, it overflows and fires after 1 ms — so a hook with `"timeout": 3000000` (seconds) would be
 * killed at once and its deny lost (SPEC 6.1.4).
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a delay a timer honours: clamped to [0, MAX_TIMER_MS], so a huge value never fires early. */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(ms, MAX_TIMER_MS);
}
