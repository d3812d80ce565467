import type { Interpretation } from '../kit/index.js';
import { displayPath } from '../util/display-path.js';
import type { EngineHandler } from './engine-handler.js';
import type { RunReport, SkipReason } from '../kit/outcome.js';
import type { RunResult } from '../kit/run-result.js';

function identity(handler: EngineHandler, projectDir: string) {
  return {
    id: handler.id,
    source: handler.source,
    file: handler.file === null ? null : displayPath(handler.file, projectDir),
    line: handler.line,
    command: handler.command,
    matcher: handler.matcher.source,
    handlerType: handler.type,
    mode: handler.mode,
    ...(handler.workingDir === undefined ? {} : { workingDir: displayPath(handler.workingDir, projectDir) }),
  };
}

export function skippedReport(handler: EngineHandler, projectDir: string, skipReason: Exclude<SkipReason, null>): RunReport {
  return {
    ...identity(handler, projectDir),
    status: 'skipped',
    skipReason,
    exitCode: null,
    signal: null,
    durationMs: 0,
    stdout: '',
    stderr: '',
    truncated: false,
    // A handler that never runs says why in its own words (unrunnable.error), e.g. the switch that turned it off.
    error: handler.unrunnable?.reason === skipReason ? handler.unrunnable.error : null,
  };
}

/** A detached async run: reported as started; its result never affects the outcome. */
export function runningReport(handler: EngineHandler, projectDir: string): RunReport {
  return { ...skippedReport(handler, projectDir, 'decided'), status: 'running', skipReason: null, error: null };
}

export function finishedReport(handler: EngineHandler, projectDir: string, result: RunResult, interpretation: Interpretation): RunReport {
  return {
    ...identity(handler, projectDir),
    status: interpretation.status,
    skipReason: null,
    exitCode: result.exitCode,
    signal: result.signal,
    durationMs: Math.round(result.durationMs),
    stdout: result.stdout,
    stderr: result.stderr,
    truncated: result.truncated,
    error: interpretation.error,
  };
}
