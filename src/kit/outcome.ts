import type { HandlerSource, HandlerType } from './handler-record.js';

export type RunStatus = 'completed' | 'blocked' | 'failed' | 'timed_out' | 'stopped' | 'skipped' | 'running';
/**
 * Why a selected handler did not run: trust (`untrusted`, `modified`, `workspace-untrusted`), a
 * switch (`disabled`, `managed-only`), an earlier verdict (`decided`), an identical copy that ran
 * (`duplicate`), or a handler hookctl cannot run (`not-runnable`, `url-not-allowed`).
 */
export type SkipReason =
  | 'untrusted'
  | 'modified'
  | 'workspace-untrusted'
  | 'disabled'
  | 'decided'
  | 'duplicate'
  | 'managed-only'
  | 'not-runnable'
  | 'url-not-allowed'
  | null;
/** Why a loaded handler never runs, known before any dispatch (so never `decided` or `duplicate`). */
export type StandingSkipReason = Exclude<SkipReason, 'decided' | 'duplicate'>;
export type RunMode = 'sync' | 'async' | 'in-process';
/** `defer` hands the call to the agent's own permission flow later (claude). */
export type Decision = 'allow' | 'deny' | 'ask' | 'defer';

/** One selected handler's report in an outcome (SPEC 4). Every field is always present. */
export interface RunReport {
  id: string;
  source: HandlerSource;
  /** Path relative to the project dir when inside it, else absolute; null for env/builtin. */
  file: string | null;
  line: number | null;
  /** The command, or the URL of an http handler. */
  command: string;
  handlerType: HandlerType;
  matcher: string | null;
  /**
   * The directory the hook's declaration runs it in (HandlerRecord.workingDir; relative to the
   * project dir when inside it); absent when it runs in the dispatch's.
   */
  workingDir?: string;
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
  /**
   * What the dialect's agent reads beyond the fields above (claude: sessionTitle, watchPaths,
   * updatedPermissions…; codex: additionalContextLimit per run); null for dialects without any.
   */
  dialectOutput: Record<string, unknown> | null;
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
  | 'dialectOutput'
>;
