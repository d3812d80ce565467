import type { EventTimeout, TimeoutRule } from './config-spec.js';
import { MAX_TIMER_MS } from '../util/timer-delay.js';
import { parseGoDuration } from './go-duration.js';
import type { SourceNode } from './source-tree.js';

/**
 * Why a written timeout is not used as written: not a positive Go duration (the default applies),
 * above the cap (the cap applies), so large it was probably meant as milliseconds (used anyway),
 * or longer than a timer can hold (the runner waits MAX_TIMER_MS, about 24.8 days, instead),
 * or 0 seconds (raised to 1, as the agent does). For a milliseconds rule, `suspicious` is a value so
 * small it was probably meant as seconds, and `invalid` one not above 0.
 */
export type TimeoutIssue = 'invalid' | 'capped' | 'suspicious' | 'too-large' | 'raised';

export interface ResolvedTimeout {
  ms: number;
  issue: TimeoutIssue | null;
}

/**
 * The effective timeout of a handler under its dialect's rule (SPEC 2.2, 3.2). `node` is the
 * `timeout` value, undefined when unset. Values of the wrong type for a seconds rule are the
 * `invalid-value` rule's business; here they fall back to the default.
 */
export function resolveTimeout(rule: TimeoutRule, node: SourceNode | undefined, event?: EventTimeout): ResolvedTimeout {
  const value = node?.kind === 'scalar' ? node.value : undefined;
  if (rule.unit === 'seconds' && event !== undefined) {
    // Codex: discovery.rs normalize_command_hook: SessionEnd `timeout.unwrap_or(1).clamp(1, 3)`;
    // claude: the SessionEnd budget is raised to the largest timeout, at most 60 s (cc hooks §SessionEnd).
    const usable = typeof value === 'number' && (rule.fractional ? value > 0 : Number.isInteger(value) && value >= 0);
    const written = usable ? value * 1000 : event.defaultMs;
    if (written > event.maxMs) return { ms: event.maxMs, issue: 'capped' };
    return { ms: Math.max(rule.fractional ? 1 : 1000, Math.round(written)), issue: written === 0 ? 'raised' : null };
  }
  if (rule.unit === 'seconds') {
    if (rule.fractional) {
      // claude: any number of seconds above 0; a fraction of a millisecond still waits at least 1 ms.
      if (typeof value !== 'number' || !(value > 0)) return { ms: rule.defaultMs, issue: null };
      return { ms: Math.max(1, Math.round(value * 1000)), issue: value >= rule.suspiciousSeconds ? 'suspicious' : null };
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return { ms: rule.defaultMs, issue: null };
    // Codex: codex-rs/hooks/src/engine/discovery.rs normalize_command_hook: `timeout.max(1)`.
    if (value === 0) return { ms: 1000, issue: 'raised' };
    const ms = value * 1000;
    // The hash keeps the written value (SPEC 2.7); only the runner's timer is clamped.
    if (ms > MAX_TIMER_MS) return { ms, issue: 'too-large' };
    return { ms, issue: value >= rule.suspiciousSeconds ? 'suspicious' : null };
  }
  if (rule.unit === 'milliseconds') return resolveMilliseconds(rule, value, event);
  if (node === undefined) return { ms: rule.defaultMs, issue: null };
  const ms = typeof value === 'string' ? parseGoDuration(value) : null;
  if (ms === null || ms <= 0) return { ms: rule.defaultMs, issue: 'invalid' };
  if (ms > rule.maxMs) return { ms: rule.maxMs, issue: rule.maxMs > MAX_TIMER_MS ? 'too-large' : 'capped' };
  return { ms, issue: ms > MAX_TIMER_MS ? 'too-large' : null };
}

/**
 * A timeout in milliseconds, used as a Node timer delay (Gemini CLI hookRunner: `setTimeout(kill,
 * timeout ?? 60000)`): a number that is not above 0 stops the hook at once (`invalid`); one past
 * the longest timer is `too-large`; one past an event's own cap is `capped`. A value that is not a number is `invalid-value`'s finding.
 */
function resolveMilliseconds(
  rule: Extract<TimeoutRule, { unit: 'milliseconds' }>,
  value: unknown,
  event: { defaultMs: number; maxMs: number } | undefined,
): ResolvedTimeout {
  if (typeof value !== 'number' || Number.isNaN(value)) return { ms: event?.defaultMs ?? rule.defaultMs, issue: null };
  if (!(value > 0)) return { ms: 1, issue: 'invalid' };
  const ms = Math.max(1, Math.round(value));
  // An event with a cap of its own holds a longer value to it.
  if (event !== undefined && ms > event.maxMs) return { ms: event.maxMs, issue: 'capped' };
  if (ms > MAX_TIMER_MS) return { ms, issue: 'too-large' };
  return { ms, issue: rule.suspiciousBelowMs !== undefined && value < rule.suspiciousBelowMs ? 'suspicious' : null };
}
