import type { TimeoutRule } from './config-spec.js';

/** The unit a dialect's timeouts are written in, as lint's timeout messages name it. */
export interface TimeoutUnit {
  /** `seconds` or `milliseconds`: "timeouts are in seconds". */
  readonly name: 'seconds' | 'milliseconds';
  /** `s` or `ms`, written after a number: "the 30s maximum", "60000 ms". */
  readonly symbol: 's' | 'ms';
  /** The other unit, which a suspicious value was probably written in. */
  readonly other: { readonly name: 'seconds' | 'milliseconds'; readonly factor: number };
  /** A number of milliseconds in this unit. */
  fromMs(ms: number): number;
}

const SECONDS: TimeoutUnit = { name: 'seconds', symbol: 's', other: { name: 'milliseconds', factor: 1000 }, fromMs: (ms) => ms / 1000 };
const MILLISECONDS: TimeoutUnit = { name: 'milliseconds', symbol: 'ms', other: { name: 'seconds', factor: 1000 }, fromMs: (ms) => ms };

/**
 * The unit of a dialect's timeout rule, for messages: a Go duration carries its own unit, so its
 * messages speak in seconds like the seconds dialects'.
 */
export function timeoutUnit(rule: TimeoutRule): TimeoutUnit {
  return rule.unit === 'milliseconds' ? MILLISECONDS : SECONDS;
}
