import { resolve } from 'node:path';
import type { AggregateOptions, Dialect, EventSpec, Interpretation } from '../kit/index.js';
import type { EngineHandler } from './engine-handler.js';
import type { Outcome, RunReport } from '../kit/outcome.js';
import { finishedReport, runningReport, skippedReport } from './report.js';
import { matchCandidates, type EventSelector } from './select.js';

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
}

export interface DispatchContext {
  dialect: Dialect;
  spec: EventSpec;
  selector: EventSelector<EngineHandler>;
  projectDir: string;
  warnings: readonly string[];
  /** Which rewrite wins when several handlers return one (AggregateOptions). */
  rewriteOrder: AggregateOptions['rewriteOrder'];
  /** Starts a detached async run that the engine's close() will wait for. */
  detach(handler: EngineHandler, start: (signal: AbortSignal) => Promise<unknown>): void;
}

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
): Promise<Outcome> {
  const { dialect, spec, projectDir } = context;
  const event = spec.name;
  const target = spec.matcherField === null ? null : stringTarget(payload[spec.matcherField]);
  const candidates = target === null ? null : matchCandidates(target, dialect.aliases, options.matcherAliases ?? []);
  const warnings = [...context.warnings];
  const slots: Slot[] = context.selector
    .select(candidates)
    .filter((handler) => meetsCondition(handler, payload, warnings))
    .map((handler) => ({ handler, report: null, interpretation: null, finished: null }));

  const stdin = JSON.stringify(payload);
  // A relative payload cwd (as in committed test cases) is taken from the project dir.
  const cwd = typeof payload.cwd === 'string' && payload.cwd !== '' ? resolve(projectDir, payload.cwd) : projectDir;
  const preparation = await dialect.protocol.prepareDispatch?.(event, payload, { projectDir });
  const budget = dialect.protocol.budgetMs?.(event, slots.map((slot) => slot.handler)) ?? null;
  const deadline = budget === null ? null : performance.now() + budget;
  const invocation = { stdin, payload, cwd, signal: options.signal, ...(preparation ? { env: preparation.env } : {}) };

  let finishedCount = 0;
  const runSlot = async (slot: Slot): Promise<void> => {
    const { handler } = slot;
    options.onRunStart?.({ id: handler.id, event, command: handler.command, statusMessage: handler.statusMessage, mode: handler.mode });
    // A shared budget cuts each run's timeout to what is left of it (at least 1 ms, so it still starts).
    const timeoutMs = deadline === null ? undefined : Math.max(1, Math.min(handler.timeoutMs, Math.floor(deadline - performance.now())));
    const result = await handler.invoke(timeoutMs === undefined ? invocation : { ...invocation, timeoutMs });
    slot.finished = finishedCount++;
    slot.interpretation = dialect.protocol.interpret(event, handler, result);
    slot.report = finishedReport(handler, projectDir, result, slot.interpretation);
    options.onRunEnd?.(slot.report);
  };

  const runnable: Slot[] = [];
  const ran = new Set<string>();
  for (const slot of slots) {
    const { handler } = slot;
    const copy = handler.skipReason === null && handler.dedup ? `${handler.dedup.scope}\0${handler.dedup.key}` : null;
    if (handler.skipReason !== null) slot.report = skippedReport(handler, projectDir, handler.skipReason);
    else if (copy !== null && ran.has(copy)) slot.report = skippedReport(handler, projectDir, 'duplicate');
    else if (handler.async) {
      options.onRunStart?.({ id: handler.id, event, command: handler.command, statusMessage: handler.statusMessage, mode: handler.mode });
      context.detach(handler, (signal) => handler.invoke({ ...invocation, signal }));
      slot.report = runningReport(handler, projectDir);
    } else runnable.push(slot);
    if (copy !== null) ran.add(copy);
  }

  if (dialect.protocol.schedule(event) === 'concurrent') {
    await Promise.all(runnable.map(runSlot));
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

  // Each run's own warnings, in configured order (runs finish in any order).
  for (const slot of slots) for (const warning of slot.interpretation?.warnings ?? []) warnings.push(`hook ${slot.handler.id}: ${warning}`);
  const interpreted = slots.flatMap((slot) =>
    slot.interpretation ? [{ handler: slot.handler, interpretation: slot.interpretation, finished: slot.finished! }] : [],
  );
  const effect = dialect.protocol.aggregate(event, interpreted, { rewriteOrder: context.rewriteOrder, payload });
  const prepared = preparation ? await preparation.finish() : null;
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
 * A handler's further selection test (claude `if`): false leaves it unselected, so it is not a
 * run; a test that cannot decide selects it (fail open, as the agent does) and says why.
 */
function meetsCondition(handler: EngineHandler, payload: Record<string, unknown>, warnings: string[]): boolean {
  if (!handler.condition) return true;
  const verdict = handler.condition.test(payload);
  if (typeof verdict === 'string') warnings.push(`hook ${handler.id}: ${verdict}`);
  return verdict !== false;
}

function stringTarget(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}
