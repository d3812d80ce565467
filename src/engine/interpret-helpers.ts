import type { HandlerEffect, Interpretation, ValidationError } from '../kit/index.js';
import type { AggregateEffect } from '../kit/outcome.js';
import type { RunResult } from '../kit/run-result.js';
import { formatDuration } from '../util/format-duration.js';
import { isPlainObject } from '../util/is-plain-object.js';

/**
 * Dialect-neutral pieces the dialect protocols share when they read a runner's result and combine
 * many interpretations. Nothing here names a dialect or an event's meaning.
 */

export function completed(effect: HandlerEffect = {}): Interpretation {
  return { status: 'completed', error: null, verdict: false, effect };
}

export function failed(error: string, status: 'failed' | 'timed_out' = 'failed'): Interpretation {
  return { status, error, verdict: false, effect: {} };
}

/**
 * The exit code of a process that exited on its own, or the failure the run ended in before an
 * exit code could mean anything: a timeout, a spawn error, command not found, death by a signal.
 */
export function exitCodeOrFailure(event: string, handler: { timeoutMs: number }, result: RunResult): number | Interpretation {
  if (result.timedOut) {
    return failed(result.error ?? `${event} hook timed out after ${formatDuration(handler.timeoutMs)}`, 'timed_out');
  }
  if (result.exitCode === null) {
    return failed(result.error ?? `${event} hook ended by signal ${result.signal ?? 'unknown'} without an exit code`);
  }
  // An exit code with an error is the runner's diagnosis, e.g. command not found (127).
  if (result.error !== null) return failed(result.error);
  return result.exitCode;
}

export function exitCodeError(event: string, exitCode: number): string {
  return `${event} hook exited with code ${exitCode}`;
}

/** True when stdout, after leading whitespace, starts like a JSON object or array. */
export function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** The stdout as a JSON object when it is exactly one, else null. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  const parsed = parseJson(text);
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : null;
}

/** A non-blank string field's value, else undefined. */
export function nonBlankString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function formatValidationError(error: ValidationError | undefined): string {
  if (error === undefined) return 'does not match the output schema';
  return `${error.path || '/'}: ${error.message}`;
}

/** The last `count` characters of text, counted as Unicode code points (as Go counts runes). */
export function lastCodePoints(text: string, count: number): string {
  // Fast path: fewer UTF-16 units than `count` means fewer code points too.
  if (text.length <= count) return text;
  let start = text.length;
  for (let kept = 0; kept < count && start > 0; kept++) {
    const low = text.charCodeAt(start - 1);
    const isPair =
      low >= 0xdc00 && low <= 0xdfff && start >= 2 && text.charCodeAt(start - 2) >= 0xd800 && text.charCodeAt(start - 2) <= 0xdbff;
    start -= isPair ? 2 : 1;
  }
  return text.slice(start);
}

/** Contributions joined with one blank line, skipping empty ones; null when nothing remains. */
export function joinBlocks(parts: readonly (string | undefined)[]): string | null {
  const kept = parts.filter((part): part is string => part !== undefined && part.trim() !== '');
  return kept.length === 0 ? null : kept.join('\n\n');
}

/** The aggregate of a dispatch in which no handler had any effect. */
export function noEffect(): AggregateEffect {
  return {
    decision: null,
    blocked: false,
    reason: null,
    stop: false,
    stopReason: null,
    additionalContext: null,
    updatedInput: null,
    updatedInputFrom: null,
    systemMessages: [],
    dialectOutput: null,
  };
}
