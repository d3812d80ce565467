import type { HandlerSource } from './handler-record.js';

export type RunStatus = 'completed' | 'blocked' | 'failed' | 'timed_out' | 'stopped' | 'skipped' | 'running';
export type SkipReason = 'untrusted' | 'modified' | 'disabled' | 'decided' | 'managed-only' | null;
/** Why a loaded handler never runs, known before any dispatch (so never `decided`). */
export type StandingSkipReason = Exclude<SkipReason, 'decided'>;
export type RunMode = 'sync' | 'async' | 'in-process';
export type Decision = 'allow' | 'deny' | 'ask';

/** One selected handler's report in an outcome (SPEC 4). Every field is always present. */
export interface RunReport {
  id: string;
  source: HandlerSource;
  /** Path relative to the project dir when inside it, else absolute; null for env/builtin. */
  file: string | null;
  line: number | null;
  command: string;
  matcher: string | null;
  mode: RunMode;
  status: RunStatus;
  skipReason: SkipReason;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  stdout: string;
  stderr: string;
  truncated: boolean;
  error: string | null;
}

/** The aggregated result of one dispatch (SPEC 4). Every field is always present. */
export interface Outcome {
  dialect: string;
  event: string;
  matcherTarget: string | null;
  decision: Decision | null;
  blocked: boolean;
  reason: string | null;
  stop: boolean;
  stopReason: string | null;
  additionalContext: string | null;
  updatedInput: unknown;
  updatedInputFrom: string | null;
  systemMessages: string[];
  runs: RunReport[];
  warnings: string[];
}

/** The part of an outcome a dialect's aggregation decides. */
export type AggregateEffect = Pick<
  Outcome,
  | 'decision'
  | 'blocked'
  | 'reason'
  | 'stop'
  | 'stopReason'
  | 'additionalContext'
  | 'updatedInput'
  | 'updatedInputFrom'
  | 'systemMessages'
>;
