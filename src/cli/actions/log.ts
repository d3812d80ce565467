import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { DispatchLogRecord, LoggedRun } from '../../replay/dispatch-log.js';
import { fileKind, readLines } from '../../replay/read-lines.js';
import { formatDuration } from '../../util/format-duration.js';
import { stringifyJson } from '../../util/safe-json.js';
import { showText } from '../../util/show-text.js';

export interface LogOptions {
  log?: string;
  tail?: boolean;
  json?: boolean;
}

/** How many records `--tail` shows before following. */
const TAIL_RECORDS = 20;
const POLL_MS = 250;

/** `hookctl log`: the dispatch log as a table (or JSON); `--tail` follows it. */
export async function log(options: LogOptions): Promise<number> {
  const given = options.log || process.env.HOOKCTL_LOG;
  if (!given)
    throw new UsageError(
      'no dispatch log: pass --log <file> or set HOOKCTL_LOG (the file `hookctl run --log` writes).\n' +
        'To get one, run hooks through `hookctl run --log <file>` (or set HOOKCTL_LOG where the agent calls hookctl run).\n' +
        'For sessions the agent ran its hooks itself, `hookctl replay` shows what each session recorded about its hooks ' +
        "beside today's verdict, and the calls that ran although today's hooks deny them",
    );
  const path = resolve(given);
  const opened = openLog(path);
  if ('problem' in opened) throw problemError(given, opened.problem);
  const show = options.json ? (record: DispatchLogRecord) => `${stringifyJson(record)}\n` : recordText;
  const warn = (message: string) => process.stderr.write(`hookctl: warning: ${showText(message)}\n`);
  if (!options.tail) {
    try {
      printAll(path, opened, options.json === true, warn);
    } finally {
      closeSync(opened.fd);
    }
    return 0;
  }
  const last: DispatchLogRecord[] = [];
  try {
    for (const item of readLines(opened)) {
      const record = 'text' in item ? parseRecord(item.text, `${path}:${item.lineNumber}`, warn) : null;
      if (record === null) continue;
      last.push(record);
      if (last.length > TAIL_RECORDS) last.shift();
    }
    // Following starts where this read ended (the size now: lines appended meanwhile were read above).
    opened.size = fstatSync(opened.fd).size;
  } finally {
    closeSync(opened.fd);
  }
  for (const record of last) process.stdout.write(show(record));
  await follow(path, opened, warn, (text, where) => {
    const record = parseRecord(text, where, warn);
    if (record !== null) process.stdout.write(show(record));
  });
  return 0;
}

/** The log, opened for reading, with what identifies the file and how far it was read. */
interface OpenLog {
  fd: number;
  /** Which file it is: an inode number is reused once the file is gone, so its birth time too. */
  identity: string;
  size: number;
}

/** Why the log path is not read: nothing there, a link, another kind of file, or an error code. */
type LogProblem = { missing: true } | { link: true } | { kind: string } | { code: string };

/**
 * Opens the log only when it is a regular file at that very path: `hookctl run` never writes through a
 * link, so a link there is not the log (it may lead to another file, or a device); a FIFO would block a
 * read until someone writes to it. The path is checked with lstat before the open (nothing else is ever
 * opened), and the descriptor again after it, opened O_NOFOLLOW|O_NONBLOCK (a swap in between can not
 * redirect or block it).
 */
function openLog(path: string): OpenLog | { problem: LogProblem } {
  let fd: number;
  try {
    const before = lstatSync(path);
    if (!before.isFile()) return { problem: kindOf(before) };
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { problem: code === 'ENOENT' ? { missing: true } : code === 'ELOOP' ? { link: true } : { code } };
  }
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    return { problem: kindOf(stats) };
  }
  return { fd, identity: `${stats.dev}:${stats.ino}:${stats.birthtimeMs}`, size: stats.size };
}

function kindOf(stats: Stats): LogProblem {
  return stats.isSymbolicLink() ? { link: true } : { kind: fileKind(stats) };
}

/** The one-line error of `hookctl log` for a log it will not read. */
function problemError(given: string, problem: LogProblem): UsageError {
  if ('missing' in problem) return new UsageError(`${given}: no such file (no dispatch has been logged there yet)`);
  if ('link' in problem)
    return new UsageError(`${given} is a symbolic link; the dispatch log is never read through one (hookctl run never writes through one)`);
  if ('kind' in problem) return new UsageError(`${given} is ${problem.kind}, not a regular file`);
  return new UsageError(`${given}: cannot be read (${problem.code})`);
}

/** The warning of `--tail` when the followed path stops being a regular file. */
function problemWarning(path: string, problem: LogProblem): string {
  const wait = 'not read (waiting for a regular file there)';
  if ('link' in problem) return `${path} is now a symbolic link; ${wait}`;
  if ('kind' in problem) return `${path} is now ${problem.kind}, not a regular file; ${wait}`;
  return `${path}: cannot be read (${'code' in problem ? problem.code : 'ENOENT'}); ${wait}`;
}

function printAll(path: string, file: OpenLog, json: boolean, warn: (message: string) => void): void {
  let count = 0;
  if (json) process.stdout.write('[');
  for (const item of readLines(file)) {
    if (!('text' in item)) {
      warn(`${path}:${item.lineNumber}: line too long to be a record; skipped`);
      continue;
    }
    const record = parseRecord(item.text, `${path}:${item.lineNumber}`, warn);
    if (record === null) continue;
    process.stdout.write(json ? `${count === 0 ? '' : ','}\n${stringifyJson(record)}` : recordText(record));
    count++;
  }
  if (json) process.stdout.write(`${count === 0 ? '' : '\n'}]\n`);
  else if (count === 0) process.stdout.write('no dispatches logged yet\n');
}

/**
 * Polls the path for appended lines until the process is stopped, opening it afresh each round (as
 * `tail -F`): a truncated log, or another file put in its place (a rotation), is read from its start.
 * While the path is anything but a regular file (a FIFO, a symlink to a device or to another file,
 * nothing) it is not read: one warning says so, and polling goes on.
 */
async function follow(
  path: string,
  start: OpenLog,
  warn: (message: string) => void,
  onLine: (text: string, where: string) => void,
): Promise<never> {
  let identity = start.identity;
  let offset = start.size;
  let partial = '';
  let lineNumber = 0;
  let away: string | null = null;
  for (;;) {
    await new Promise((done) => setTimeout(done, POLL_MS));
    const opened = openLog(path);
    if ('problem' in opened) {
      // Gone for a moment (a rotation between rename and create) is not worth a warning; each new kind of problem is, once.
      if ('missing' in opened.problem) continue;
      const warning = problemWarning(path, opened.problem);
      if (warning !== away) warn(warning);
      away = warning;
      continue;
    }
    try {
      // After something else stood at the path, whatever regular file is back is another log.
      const replaced = away !== null || opened.identity !== identity;
      if (away !== null) warn(`${path} is a regular file again; following it from its start`);
      away = null;
      if (replaced || opened.size < offset) {
        identity = opened.identity;
        offset = 0;
        partial = '';
      }
      if (opened.size === offset) continue;
      const buffer = Buffer.alloc(Math.min(opened.size - offset, 1024 * 1024));
      const bytesRead = readSync(opened.fd, buffer, 0, buffer.length, offset);
      offset += bytesRead;
      const lines = (partial + buffer.subarray(0, bytesRead).toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      // A partial line past 1 MiB is not a record `hookctl run` wrote: drop it rather than grow.
      if (partial.length > 1024 * 1024) partial = '';
      for (const line of lines) onLine(line, `${path}:+${++lineNumber}`);
    } finally {
      closeSync(opened.fd);
    }
  }
}

function parseRecord(text: string, where: string, warn: (message: string) => void): DispatchLogRecord | null {
  if (text.trim() === '') return null;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    warn(`${where}: not a JSON record; skipped`);
    return null;
  }
  const fields = record as Partial<DispatchLogRecord> | null;
  if (typeof fields !== 'object' || fields === null || typeof fields.event !== 'string' || !Array.isArray(fields.runs)) {
    warn(`${where}: not a dispatch record; skipped`);
    return null;
  }
  return record as DispatchLogRecord;
}

/** One dispatch: when, what, the verdict and who reached it; then each hook's run, one line each. */
function recordText(record: DispatchLogRecord): string {
  const decider = record.runs.find((run) => run.status === 'blocked');
  const verdict = record.blocked ? 'deny' : (record.decision ?? (record.runs.some(isFailure) ? 'failed' : 'none'));
  const time = typeof record.time === 'string' ? record.time.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '?';
  const by = decider ? ` by ${decider.id}` : '';
  const reason = record.reason ? `: ${oneLine(record.reason)}` : '';
  const what = record.tool ? `${record.event} ${record.tool}` : record.event;
  const head = `${time}  ${what}  ${verdict}${by}${reason}  (${formatMs(record.durationMs)})`;
  const runs = record.runs.map((run) => `    ${runText(run)}\n`).join('');
  const more = record.moreRuns > 0 ? `    … ${record.moreRuns} more runs\n` : '';
  return `${showText(head)}\n${runs}${more}`;
}

function runText(run: LoggedRun): string {
  const status = run.status === 'skipped' && run.skipReason ? `skipped (${run.skipReason})` : run.status;
  const exit = run.exitCode !== null ? `  exit ${run.exitCode}` : run.signal !== null ? `  ${run.signal}` : '';
  const detail = run.error ? `  ${oneLine(run.error)}` : run.stderr ? `  stderr: ${oneLine(run.stderr)}` : '';
  return showText(`${run.id}  ${status}${exit}  ${formatMs(run.durationMs)}${detail}`);
}

function isFailure(run: LoggedRun): boolean {
  return run.status === 'failed' || run.status === 'timed_out';
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

function formatMs(ms: unknown): string {
  return typeof ms === 'number' ? formatDuration(ms) : '?';
}
