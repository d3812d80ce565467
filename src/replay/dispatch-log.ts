import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import type { Outcome } from '../kit/index.js';

/** One line of the dispatch log `hookctl run` appends to (`--log`, `HOOKCTL_LOG`); `hookctl log` reads it. */
export interface DispatchLogRecord {
  time: string;
  dialect: string;
  event: string;
  session: string | null;
  tool: string | null;
  decision: Outcome['decision'];
  blocked: boolean;
  reason: string | null;
  durationMs: number;
  runs: LoggedRun[];
  /** Runs left out past MAX_LOGGED_RUNS. */
  moreRuns: number;
}

export interface LoggedRun {
  id: string;
  status: string;
  skipReason: string | null;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  error: string | null;
  /** The first MAX_STDERR_CHARS characters of the hook's stderr. */
  stderr: string;
}

/** Every field is bounded, so one record is a few hundred KiB at most whatever the hooks print. */
export const MAX_STDERR_CHARS = 2000;
export const MAX_REASON_CHARS = 4000;
export const MAX_LOGGED_RUNS = 64;
/** Past this size the log is not appended to (a warning says so): a runaway session cannot fill the disk. */
export const MAX_LOG_BYTES = 64 * 1024 * 1024;

export function logRecord(dialect: string, event: string, payload: unknown, outcome: Outcome, durationMs: number): DispatchLogRecord {
  const fields = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  return {
    time: new Date().toISOString(),
    dialect,
    event,
    session: typeof fields.session_id === 'string' ? cut(fields.session_id, 200) : null,
    tool: typeof fields.tool_name === 'string' ? cut(fields.tool_name, 200) : null,
    decision: outcome.decision,
    blocked: outcome.blocked,
    reason: outcome.reason === null ? null : cut(outcome.reason, MAX_REASON_CHARS),
    durationMs: Math.round(durationMs),
    runs: outcome.runs.slice(0, MAX_LOGGED_RUNS).map((run) => ({
      id: cut(run.id, 500),
      status: run.status,
      skipReason: run.skipReason,
      exitCode: run.exitCode,
      signal: run.signal,
      durationMs: Math.round(run.durationMs),
      error: run.error === null ? null : cut(run.error, MAX_REASON_CHARS),
      stderr: cut(run.stderr, MAX_STDERR_CHARS),
    })),
    moreRuns: Math.max(0, outcome.runs.length - MAX_LOGGED_RUNS),
  };
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Appends one record as one line with a single write on an `O_APPEND` descriptor, so dispatches of
 * parallel hooks never interleave inside a line. The log is the user's file, never a link: the
 * last component is opened with `O_NOFOLLOW` (a planted symlink cannot redirect the write), a
 * non-regular file (a FIFO would block) is refused, and a new log is created private (0600).
 * Returns null, or why nothing was written.
 */
export function appendDispatchLog(path: string, record: DispatchLogRecord): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP' ? `${path} is a symbolic link; the log is never written through one` : `${path}: cannot be opened (${code})`;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return `${path} is not a regular file`;
    if (stats.size >= MAX_LOG_BYTES)
      return `${path} has reached ${MAX_LOG_BYTES / 1024 / 1024} MiB; not appended to (move it away to start a new one)`;
    writeSync(fd, `${JSON.stringify(record)}\n`);
    return null;
  } catch (error) {
    return `${path}: cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  } finally {
    closeSync(fd);
  }
}
