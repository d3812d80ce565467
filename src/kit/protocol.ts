import type { HandlerRecord } from './handler-record.js';
import type { AggregateEffect, RunStatus } from './outcome.js';
import type { RunResult } from './run-result.js';

/** One handler's result as the dialect reads it. */
export interface Interpretation {
  status: Exclude<RunStatus, 'skipped' | 'running'>;
  error: string | null;
  /** True when the handler reached a verdict that ends a sequential dispatch (octo PreToolUse). */
  verdict: boolean;
  effect: HandlerEffect;
}

export interface HandlerEffect {
  decision?: 'allow' | 'deny' | 'ask';
  /** Block/deny reason, feedback, or continuation prompt. */
  reason?: string;
  additionalContext?: string;
  updatedInput?: unknown;
  stop?: boolean;
  stopReason?: string;
  systemMessage?: string;
}

export interface DialectProtocol {
  /** How a dispatch runs its selected sync handlers. */
  schedule(event: string): 'concurrent' | 'sequential-until-verdict';
  interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation;
  /** Combine interpretations listed in configured order (skipped handlers are not passed). */
  aggregate(event: string, interpreted: readonly { handler: HandlerRecord; interpretation: Interpretation }[]): AggregateEffect;
}

