import type { HandlerRecord } from '../kit/handler-record.js';
import type { HandlerTrust } from '../kit/index.js';
import type { RunMode, SkipReason } from '../kit/outcome.js';
import type { RunResult } from '../kit/run-result.js';

/** What a handler needs to run once: the payload as stdin text and as a value, and a cancel signal. */
export interface Invocation {
  stdin: string;
  payload: Readonly<Record<string, unknown>>;
  cwd: string;
  signal: AbortSignal | undefined;
  /** Cap per output stream for this run (the dispatch's fair share of its output budget). */
  outputLimitBytes?: number;
  /** Environment this dispatch adds for every hook (DialectProtocol.prepareDispatch). */
  env?: Readonly<Record<string, string>>;
  /** Environment this dispatch sets under the hook's own `env` (DispatchPreparation.baseEnv). */
  baseEnv?: Readonly<Record<string, string>>;
  /** A shorter timeout than the handler's own, when the dispatch has a shared budget left. */
  timeoutMs?: number;
}

/**
 * A handler as the engine holds it: the normalised record, its trust, whether and why it is
 * skipped, and how to invoke it (a command process or an in-process function).
 */
export interface EngineHandler extends HandlerRecord {
  readonly mode: RunMode;
  readonly trust: HandlerTrust;
  /** Why this handler never runs in this engine (trust, disabled, managed-only), else null. */
  readonly skipReason: SkipReason;
  invoke(invocation: Invocation): Promise<RunResult>;
}
