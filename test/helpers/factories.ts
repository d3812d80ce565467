import type { CompiledMatcher, HandlerRecord } from '../../src/kit/handler-record.js';
import type { RunResult } from '../../src/kit/run-result.js';

/** Tiny builders for the engine's plain data, for unit tests of pure functions. */

const MATCH_ALL: CompiledMatcher = { source: null, kind: 'all', test: () => true };

/** A sync project command handler; `id` defaults to its positional id. */
export function makeHandler(overrides: Partial<HandlerRecord> = {}): HandlerRecord {
  const event = overrides.event ?? 'PreToolUse';
  return {
    dialect: 'openinterpreter',
    id: `project:${event}:0:0`,
    explicitId: false,
    source: 'project',
    file: '/project/.openinterpreter/hooks.json',
    line: 1,
    column: 1,
    position: { group: 0, handler: 0 },
    event,
    matcher: MATCH_ALL,
    type: 'command',
    command: './hook.sh',
    timeoutMs: 600_000,
    async: false,
    statusMessage: null,
    onFailure: 'continue',
    env: {},
    plugin: null,
    ...overrides,
  };
}

/** A process that exited on its own with `exitCode`. */
export function exited(exitCode: number, output: { stdout?: string; stderr?: string } = {}): RunResult {
  return {
    exitCode,
    signal: null,
    stdout: output.stdout ?? '',
    stderr: output.stderr ?? '',
    truncated: false,
    timedOut: false,
    durationMs: 5,
    error: null,
  };
}

/** Exit 0 with `value` printed as JSON on stdout. */
export function printed(value: unknown): RunResult {
  return exited(0, { stdout: `${JSON.stringify(value)}\n` });
}

export function timedOut(error = 'timed out after 1s'): RunResult {
  return { ...exited(0), exitCode: null, signal: 'SIGTERM', timedOut: true, error };
}

export function killedBy(signal: string): RunResult {
  return { ...exited(0), exitCode: null, signal, error: `hook process was killed by signal ${signal}` };
}

export function spawnFailed(error = 'command not found: ./missing.sh'): RunResult {
  return { ...exited(127), error };
}
