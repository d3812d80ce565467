import type { HandlerRecord } from './handler-record.js';
import type { AggregateEffect, Decision, Outcome, RunStatus } from './outcome.js';
import type { RunResult } from './run-result.js';

/** One handler's result as the dialect reads it. */
export interface Interpretation {
  status: Exclude<RunStatus, 'skipped' | 'running'>;
  error: string | null;
  /** True when the handler reached a verdict that ends a sequential dispatch (octo PreToolUse). */
  verdict: boolean;
  effect: HandlerEffect;
  /**
   * What the dialect accepted but did not apply as written (an unknown output key, a field the event
   * discards); the outcome lists each, prefixed with the hook's id.
   */
  warnings?: string[];
}

export interface HandlerEffect {
  decision?: Decision;
  /** Block/deny reason, feedback, or continuation prompt. */
  reason?: string;
  additionalContext?: string;
  updatedInput?: unknown;
  stop?: boolean;
  stopReason?: string;
  systemMessage?: string;
  /** Dialect-specific effects its aggregation reads into `dialectOutput` (e.g. a session title). */
  extra?: Readonly<Record<string, unknown>>;
}

/** One run's interpretation, as aggregation receives it (listed in configured order). */
export interface InterpretedRun {
  handler: HandlerRecord;
  interpretation: Interpretation;
  /** 0 for the run that finished first among those passed, and so on: completion order. */
  finished: number;
}

export interface AggregateOptions {
  /**
   * Which rewrite of the input wins when several handlers return one: the last to finish (the
   * agents' runtime behaviour) or the last in configured order (deterministic, for tests). A dialect
   * that defines its own order (openinterpreter: configured, SPEC 2.6) may ignore it.
   */
  rewriteOrder: 'completion' | 'configured';
  /** The dispatch's payload (a dialect may scope files it writes, such as spilled output, by session). */
  payload: Readonly<Record<string, unknown>>;
}

/** What a protocol knows of the dispatch it prepares: where it runs and the agent's environment. */
export interface DispatchContextInfo {
  projectDir: string;
  /** The directory hooks would run in: the payload's `cwd` (resolved against the project dir), else the project dir. */
  cwd: string;
  /** The user home the engine was created with. */
  home: string;
  /** The agent's environment, as snapshotted when the engine was created. */
  env: Readonly<Record<string, string | undefined>>;
  /** A file the host agent gives hooks for environment exports (engine option `envFile`), if any. */
  envFile?: string;
}

/** What a dispatch sets up before its hooks run and reads back after (claude `CLAUDE_ENV_FILE`). */
export interface DispatchPreparation {
  /** Extra environment for every hook of this dispatch; it overrides the hook's own `env`. */
  env: Readonly<Record<string, string>>;
  /**
   * Environment for every hook of this dispatch that each hook's own `env` overrides (Gemini CLI
   * sets its variables first and spreads the hook's `env` over them). Absent: none.
   */
  baseEnv?: Readonly<Record<string, string>>;
  /** The directory hooks run in, when the dialect moves it (claude: the payload's cwd no longer exists). */
  cwd?: string;
  /** Called once all sync hooks finished; its result is merged into `dialectOutput`. */
  finish(): Promise<Record<string, unknown> | null>;
  /**
   * Warnings about the payload the schema accepts (claude: a permission mode hookctl does not
   * know, from a newer agent). Absent: none.
   */
  warnings?: readonly string[];
}

/** One finished run of a chained dispatch, as `ChainedSchedule.feed` receives it. */
export interface ChainedRun {
  handler: HandlerRecord;
  result: RunResult;
  interpretation: Interpretation;
}

/**
 * Runs every selected sync handler one after the other in configured order, each with the input
 * the previous one left (Gemini CLI `sequential: true`, hookRunner.executeHooksSequential). No
 * verdict ends the chain: every hook runs, and aggregation sees them all.
 */
export interface ChainedSchedule {
  readonly mode: 'chained';
  /**
   * The input the next hook of the chain reads (as its stdin), from the input this run read and
   * what it returned; return `input` itself to pass it on unchanged. It must not modify `input`.
   */
  feed(event: string, input: Readonly<Record<string, unknown>>, run: ChainedRun): Record<string, unknown>;
}

/**
 * How a dispatch runs its selected sync handlers: all at once (`concurrent`), one at a time until one
 * reaches a verdict (`sequential-until-verdict`, octo PreToolUse), or one at a time each reading the
 * previous one's rewritten input (a ChainedSchedule).
 */
export type Schedule = 'concurrent' | 'sequential-until-verdict' | ChainedSchedule;

export interface DialectProtocol {
  /**
   * How a dispatch runs its selected sync handlers, decided per dispatch: `selected` are the sync
   * handlers about to run, in configured order, so the schedule may depend on how they were
   * configured (Gemini: a matcher group's `sequential: true`).
   */
  schedule(event: string, selected: readonly HandlerRecord[]): Schedule;
  interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation;
  /** Combine interpretations listed in configured order (skipped handlers are not passed). */
  aggregate(event: string, interpreted: readonly InterpretedRun[], options: AggregateOptions): AggregateEffect;
  /** Per-dispatch set-up (environment, a temp file the hooks write); absent: none. */
  prepareDispatch?(event: string, payload: Readonly<Record<string, unknown>>, context: DispatchContextInfo): Promise<DispatchPreparation>;
  /**
   * A time budget all sync hooks of one dispatch share (claude SessionEnd, 1.5 s by default): each
   * run's timeout is cut to what remains. Null or absent: each hook has its own timeout only.
   */
  budgetMs?(event: string, selected: readonly HandlerRecord[], context: DispatchContextInfo): number | null;
  /**
   * An outcome as the body of one hook's answer over HTTP, in the agent's wire form: what
   * `hookctl serve --http` returns, so that the served hooks, aggregated, act as one hook of the
   * agent. Absent: the agent takes no http hooks hookctl serves.
   */
  httpAnswer?(outcome: Outcome): Record<string, unknown>;
}
