import { resolve } from 'node:path';
import type {
  AggregateOptions,
  ChainedRun,
  ChainedSchedule,
  ConditionVerdict,
  Dialect,
  DispatchContextInfo,
  EventSpec,
  HandlerEffect,
  Interpretation,
} from '../kit/index.js';
import type { EngineHandler, Invocation } from './engine-handler.js';
import type { RunResult } from '../kit/run-result.js';
import { FinishWarning } from './finish-warning.js';
import { failedResult } from './run-command.js';
import type { Outcome, RunReport, SkipReason } from '../kit/outcome.js';
import { Limiter } from './limiter.js';
import { finishedReport, runningReport, skippedReport } from './report.js';
import { matchCandidates, type EventSelector } from './select.js';
import { monotonicMs } from '../util/monotonic-ms.js';

export interface RunStartInfo {
  id: string;
  event: string;
  command: string;
  /** The handler's statusMessage, shown while it runs; null when it has none. */
  statusMessage: string | null;
  mode: EngineHandler['mode'];
}

export interface DispatchOptions {
  /** Cancels running hooks (their process groups are killed); the outcome still resolves. */
  signal?: AbortSignal;
  /** Extra names the matcher target answers to for this dispatch. */
  matcherAliases?: readonly string[];
  onRunStart?: (run: RunStartInfo) => void;
  onRunEnd?: (report: RunReport) => void;
  /**
   * Called when a detached async run of this dispatch finishes, after the outcome was returned:
   * what it reports for the agent to deliver later (context, a system message, a wake-up message).
   */
  onAsyncEnd?: (result: AsyncRunResult) => void;
}

/** A finished async run: its report and the effect the dialect read from it (never aggregated into an outcome). */
export interface AsyncRunResult {
  event: string;
  report: RunReport;
  effect: HandlerEffect;
  warnings: string[];
}

export interface DispatchContext {
  dialect: Dialect;
  spec: EventSpec;
  selector: EventSelector<EngineHandler>;
  projectDir: string;
  warnings: readonly string[];
  /** What the dialect's dispatch preparation is told besides the dispatch's own directories. */
  info: Omit<DispatchContextInfo, 'projectDir' | 'cwd'>;
  /** Which rewrite wins when several handlers return one (AggregateOptions). */
  rewriteOrder: AggregateOptions['rewriteOrder'];
  /** Starts a detached async run that the engine's close() will wait for. */
  detach(handler: EngineHandler, start: (signal: AbortSignal) => Promise<unknown>): void;
  /** At most this many sync hooks of the dispatch run at once (SPEC 6.1.4). */
  maxConcurrentHooks: number;
  /** Cap per output stream of one hook. */
  outputLimitBytes: number;
  /** Cap on all output captured from the sync hooks of one dispatch (SPEC 6.1.4), shared out fairly. */
  dispatchOutputLimitBytes: number;
  /**
   * Skip reasons of the loaded hooks when they run in `runDir` instead of the project dir (their
   * scripts resolve there), or null when no hook's trust depends on where it runs.
   */
  skipReasonsIn(runDir: string): Promise<ReadonlyMap<EngineHandler, SkipReason> | null> | null;
}

/**
 * However many hooks share a dispatch, each keeps at least this much of each stream: a verdict
 * (a deny with its reason) fits, so a flood from one hook can never cost another its decision.
 */
export const MIN_OUTPUT_SHARE_BYTES = 4 * 1024;
/** Output of async runs affects nothing and nobody reads it; only a little is kept. */
export const ASYNC_OUTPUT_LIMIT_BYTES = 64 * 1024;

interface Slot {
  handler: EngineHandler;
  report: RunReport | null;
  interpretation: Interpretation | null;
  /** Completion order among the dispatch's sync runs, once finished. */
  finished: number | null;
}

/** One dispatch: select → run → interpret → aggregate, for an already validated payload. */
export async function dispatchEvent(
  context: DispatchContext,
  payload: Record<string, unknown>,
  options: DispatchOptions,
  /** The payload as compact JSON, serialised by the caller (which names a payload JSON can not hold). */
  stdin: string,
): Promise<Outcome> {
  const { dialect, spec, projectDir } = context;
  const event = spec.name;
  const target = spec.matcherField === null ? null : matcherTarget(spec, payload[spec.matcherField]);
  const candidates = target === null ? null : matchCandidates(target, dialect.aliases, options.matcherAliases ?? []);
  const warnings = [...context.warnings];
  const slots: Slot[] = context.selector
    .select(candidates)
    .filter((handler) => meetsCondition(handler, payload, warnings))
    .map((handler) => ({ handler, report: null, interpretation: null, finished: null }));

  // A relative payload cwd (as in committed test cases) is taken from the project dir.
  const payloadCwd = typeof payload.cwd === 'string' && payload.cwd !== '' ? resolve(projectDir, payload.cwd) : projectDir;
  const info = { ...context.info, projectDir, cwd: payloadCwd };
  const preparation = await dialect.protocol.prepareDispatch?.(event, payload, info);
  if (preparation?.warnings !== undefined) warnings.push(...preparation.warnings);
  const budget =
    dialect.protocol.budgetMs?.(
      event,
      slots.map((slot) => slot.handler),
      info,
    ) ?? null;
  const deadline = budget === null ? null : monotonicMs() + budget;
  // The dialect may move the run dir (claude: the payload's cwd no longer exists).
  const cwd = preparation?.cwd ?? payloadCwd;
  const invocation = {
    stdin,
    payload,
    cwd,
    ...(preparation ? { env: preparation.env } : {}),
    ...(preparation?.baseEnv ? { baseEnv: preparation.baseEnv } : {}),
  };
  // Hooks run in the payload's cwd: trust must cover the scripts found there (SPEC 6.1.2).
  const inRunDir = cwd === projectDir ? null : await context.skipReasonsIn(cwd);
  const skipReasonOf = (handler: EngineHandler): SkipReason => (inRunDir?.has(handler) ? inRunDir.get(handler)! : handler.skipReason);

  const runnable: Slot[] = [];
  const ran = new Set<string>();
  for (const slot of slots) {
    const { handler } = slot;
    const skipReason = skipReasonOf(handler);
    const copy = skipReason === null && handler.dedup ? `${handler.dedup.scope}\0${handler.dedup.key}` : null;
    if (skipReason !== null) slot.report = skippedReport(handler, projectDir, skipReason);
    else if (copy !== null && ran.has(copy)) slot.report = skippedReport(handler, projectDir, 'duplicate');
    else if (handler.async) {
      options.onRunStart?.({ id: handler.id, event, command: handler.command, statusMessage: handler.statusMessage, mode: handler.mode });
      context.detach(handler, async (signal) => {
        const result = await invokeContained(handler, { ...invocation, signal, outputLimitBytes: ASYNC_OUTPUT_LIMIT_BYTES });
        if (!options.onAsyncEnd) return;
        const interpretation = dialect.protocol.interpret(event, handler, result);
        const report = finishedReport(handler, projectDir, result, interpretation);
        options.onAsyncEnd({ event, report, effect: interpretation.effect, warnings: interpretation.warnings ?? [] });
      });
      slot.report = runningReport(handler, projectDir);
    } else runnable.push(slot);
    if (copy !== null) ran.add(copy);
  }

  const outputLimitBytes = outputShare(context, runnable.length);
  const cancellation = new RunCancellation(options.signal);
  let finishedCount = 0;
  // `input`: what a chained run reads instead of the dispatch's payload (ChainedSchedule).
  const runSlot = async (slot: Slot, input?: { payload: Record<string, unknown>; stdin: string }): Promise<RunResult> => {
    const { handler } = slot;
    options.onRunStart?.({ id: handler.id, event, command: handler.command, statusMessage: handler.statusMessage, mode: handler.mode });
    // A shared budget cuts each run's timeout to what is left of it (at least 1 ms, so it still starts).
    const timeoutMs = deadline === null ? undefined : Math.max(1, Math.min(handler.timeoutMs, Math.floor(deadline - monotonicMs())));
    const controller = cancellation.open();
    const result = await invokeContained(handler, {
      ...invocation,
      ...input,
      signal: controller.signal,
      outputLimitBytes,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    }).finally(() => cancellation.close(controller));
    slot.finished = finishedCount++;
    slot.interpretation = dialect.protocol.interpret(event, handler, result);
    slot.report = finishedReport(handler, projectDir, result, slot.interpretation);
    options.onRunEnd?.(slot.report);
    return result;
  };

  try {
    const schedule = dialect.protocol.schedule(
      event,
      runnable.map((slot) => slot.handler),
    );
    if (schedule === 'concurrent') {
      // Started in configured order, at most maxConcurrentHooks at a time; reported in configured order.
      const limiter = new Limiter(context.maxConcurrentHooks);
      await Promise.all(runnable.map((slot) => limiter.run(() => runSlot(slot))));
    } else if (schedule !== 'sequential-until-verdict') {
      await runChained(runnable, schedule, event, payload, runSlot);
    } else {
      let decided = false;
      for (const slot of runnable) {
        if (decided) slot.report = skippedReport(slot.handler, projectDir, 'decided');
        else {
          await runSlot(slot);
          decided = slot.interpretation!.verdict;
        }
      }
    }
  } finally {
    cancellation.dispose();
  }

  // Each run's own warnings, in configured order (runs finish in any order).
  for (const slot of slots) for (const warning of slot.interpretation?.warnings ?? []) warnings.push(`hook ${slot.handler.id}: ${warning}`);
  const interpreted = slots.flatMap((slot) =>
    slot.interpretation ? [{ handler: slot.handler, interpretation: slot.interpretation, finished: slot.finished! }] : [],
  );
  const effect = dialect.protocol.aggregate(event, interpreted, { rewriteOrder: context.rewriteOrder, payload });
  const prepared = preparation ? await finishPreparation(preparation, warnings) : null;
  return {
    dialect: dialect.id,
    event,
    matcherTarget: target,
    ...effect,
    dialectOutput: prepared === null ? effect.dialectOutput : { ...effect.dialectOutput, ...prepared },
    runs: slots.map((slot) => slot.report!),
    warnings,
  };
}

/**
 * Runs the slots one after the other, each reading the input the dialect derived from the previous
 * run (Gemini `sequential: true`). The input is dialect output built from untrusted hook output: one
 * that JSON cannot carry ends the chaining, and later hooks read the last input that could be sent.
 */
async function runChained(
  slots: readonly Slot[],
  schedule: ChainedSchedule,
  event: string,
  payload: Record<string, unknown>,
  runSlot: (slot: Slot, input?: { payload: Record<string, unknown>; stdin: string }) => Promise<RunResult>,
): Promise<void> {
  let input: { payload: Record<string, unknown>; stdin: string } | undefined;
  for (const slot of slots) {
    const result = await runSlot(slot, input);
    const current = input?.payload ?? payload;
    const next = feedContained(schedule, event, current, { handler: slot.handler, result, interpretation: slot.interpretation! });
    if (next === current) continue;
    const stdin = safeStringify(next);
    if (stdin !== null) input = { payload: next, stdin };
  }
}

/** The next input, or the current one when the dialect's feed trips over a hook's output (never the dispatch). */
function feedContained(
  schedule: ChainedSchedule,
  event: string,
  current: Record<string, unknown>,
  run: ChainedRun,
): Record<string, unknown> {
  try {
    return schedule.feed(event, current, run);
  } catch {
    return current;
  }
}

function safeStringify(value: unknown): string | null {
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/**
 * The dialect's after-dispatch step (claude: read back and delete CLAUDE_ENV_FILE). The hooks have
 * run and decided; a failure here (a hook left something that cannot be deleted) is a warning,
 * never the loss of the outcome (issue 22, hole 6).
 */
async function finishPreparation(
  preparation: { finish(): Promise<Record<string, unknown> | null> },
  warnings: string[],
): Promise<Record<string, unknown> | null> {
  try {
    return await preparation.finish();
  } catch (error) {
    warnings.push(error instanceof Error ? error.message : String(error));
    return error instanceof FinishWarning ? error.output : null;
  }
}

/**
 * Runs one handler with whatever its runner throws or rejects turned into that run's failure
 * (issue 22): a repository controls a handler's fields, so a runner that trips over them must cost
 * that handler its run, never the dispatch — a managed deny beside it still decides. The runners
 * are written never to reject; this is the second wall.
 */
async function invokeContained(handler: EngineHandler, invocation: Invocation): Promise<RunResult> {
  const started = monotonicMs();
  try {
    // A hook whose declaration names its directory runs there, whatever the dispatch's run dir.
    return await handler.invoke(handler.workingDir === undefined ? invocation : { ...invocation, cwd: handler.workingDir });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return failedResult(`the hook could not be run: ${detail.split('\n')[0]!.slice(0, 500)}`, started);
  }
}

/**
 * Each sync run's cap per stream: the configured cap, or a fair share of the dispatch's output
 * budget when many hooks share it (64 hooks × 20 MB of output must not make a 134 MB outcome),
 * never below MIN_OUTPUT_SHARE_BYTES.
 */
function outputShare(context: DispatchContext, runs: number): number {
  const share = Math.floor(context.dispatchOutputLimitBytes / (2 * Math.max(runs, 1)));
  return Math.min(context.outputLimitBytes, Math.max(MIN_OUTPUT_SHARE_BYTES, share));
}

/**
 * Cancels the dispatch's runs when the caller's signal aborts, through one listener on that
 * signal: a listener per hook would pass Node's limit of 10 per EventTarget and print
 * MaxListenersExceededWarning for any dispatch with 11 hooks. Each run gets a signal of its own.
 */
class RunCancellation {
  private readonly running = new Set<AbortController>();
  private readonly onAbort = (): void => {
    for (const controller of this.running) controller.abort();
  };

  constructor(private readonly signal: AbortSignal | undefined) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  open(): AbortController {
    const controller = new AbortController();
    if (this.signal?.aborted) controller.abort();
    this.running.add(controller);
    return controller;
  }

  close(controller: AbortController): void {
    this.running.delete(controller);
  }

  dispose(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}

/**
 * A handler's further selection test (claude `if`): false leaves it unselected, so it is not a
 * run; a test that cannot decide selects it (fail open, as the agent does) and says why; a test
 * that leaves it unselected where a wider reading would select it says so too.
 */
function meetsCondition(handler: EngineHandler, payload: Record<string, unknown>, warnings: string[]): boolean {
  if (!handler.condition) return true;
  let verdict: ConditionVerdict;
  try {
    verdict = handler.condition.test(payload);
  } catch (error) {
    // The rule and the payload are both untrusted text: a test that breaks selects (fails open), never the dispatch.
    verdict = `its \`if\` rule could not be evaluated (${error instanceof Error ? error.message : String(error)}); running the hook anyway`;
  }
  if (typeof verdict === 'string') warnings.push(`hook ${handler.id}: ${verdict}`);
  if (typeof verdict === 'object') {
    warnings.push(`hook ${handler.id}: ${verdict.unselected}`);
    return false;
  }
  return verdict !== false;
}

function matcherTarget(spec: EventSpec, value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  // The last segment of either separator: a payload path may come from any platform.
  return spec.matcherTransform === 'basename' ? text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1) : text;
}
