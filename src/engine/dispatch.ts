import { resolve } from 'node:path';
import type { Dialect, EventSpec, Interpretation } from '../dialects/dialect.js';
import type { EngineHandler } from './engine-handler.js';
import type { Outcome, RunReport } from './outcome.js';
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
  /** Starts a detached async run that the engine's close() will wait for. */
  detach(handler: EngineHandler, start: (signal: AbortSignal) => Promise<unknown>): void;
}

interface Slot {
  handler: EngineHandler;
  report: RunReport | null;
  interpretation: Interpretation | null;
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
  const target = spec.matcherField === null ? null : stringTarget(payload[spec.matcherField]);
  const candidates = target === null ? null : matchCandidates(target, dialect.aliases, options.matcherAliases ?? []);
  const slots: Slot[] = context.selector.select(candidates).map((handler) => ({ handler, report: null, interpretation: null }));

  // A relative payload cwd (as in committed test cases) is taken from the project dir.
  const cwd = typeof payload.cwd === 'string' && payload.cwd !== '' ? resolve(projectDir, payload.cwd) : projectDir;
  const invocation = { stdin, payload, cwd, signal: options.signal };

  const runSlot = async (slot: Slot): Promise<void> => {
    const { handler } = slot;
    options.onRunStart?.({ id: handler.id, event, command: handler.command, statusMessage: handler.statusMessage, mode: handler.mode });
    const result = await handler.invoke(invocation);
    slot.interpretation = dialect.protocol.interpret(event, handler, result);
    slot.report = finishedReport(handler, projectDir, result, slot.interpretation);
    options.onRunEnd?.(slot.report);
  };

  const runnable: Slot[] = [];
  for (const slot of slots) {
    const { handler } = slot;
    if (handler.skipReason !== null) slot.report = skippedReport(handler, projectDir, handler.skipReason);
    else if (handler.async) {
      options.onRunStart?.({ id: handler.id, event, command: handler.command, statusMessage: handler.statusMessage, mode: handler.mode });
      context.detach(handler, (signal) => handler.invoke({ ...invocation, signal }));
      slot.report = runningReport(handler, projectDir);
    } else runnable.push(slot);
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

  const interpreted = slots.flatMap((slot) =>
    slot.interpretation ? [{ handler: slot.handler, interpretation: slot.interpretation }] : [],
  );
  return {
    dialect: dialect.id,
    event,
    matcherTarget: target,
    ...dialect.protocol.aggregate(event, interpreted),
    runs: slots.map((slot) => slot.report!),
    warnings: [...context.warnings],
  };
}

function stringTarget(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}
