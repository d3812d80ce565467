import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { DispatchLogRecord, LoggedRun } from '../../replay/dispatch-log.js';
import { readLines } from '../../replay/read-lines.js';
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
  if (!given) throw new UsageError('no dispatch log: pass --log <file> or set HOOKCTL_LOG (the file `hookctl run --log` writes)');
  const path = resolve(given);
  const stats = await stat(path).catch(() => null);
  if (stats === null) throw new UsageError(`${given}: no such file (no dispatch has been logged there yet)`);
  if (!stats.isFile()) throw new UsageError(`${given}: not a regular file`);
  const show = options.json ? (record: DispatchLogRecord) => `${stringifyJson(record)}\n` : recordText;
  const warn = (message: string) => process.stderr.write(`hookctl: warning: ${showText(message)}\n`);
  if (!options.tail) {
    await printAll(path, options.json === true, warn);
    return 0;
  }
  const last: DispatchLogRecord[] = [];
  let size = 0;
  for (const item of readLines(path)) {
    const record = 'text' in item ? parseRecord(item.text, `${path}:${item.lineNumber}`, warn) : null;
    if (record === null) continue;
    last.push(record);
    if (last.length > TAIL_RECORDS) last.shift();
  }
  size = (await stat(path)).size;
  for (const record of last) process.stdout.write(show(record));
  await follow(path, size, (text, where) => {
    const record = parseRecord(text, where, warn);
    if (record !== null) process.stdout.write(show(record));
  });
  return 0;
}

async function printAll(path: string, json: boolean, warn: (message: string) => void): Promise<void> {
  let count = 0;
  if (json) process.stdout.write('[');
  for (const item of readLines(path)) {
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

/** Polls the file for appended lines until the process is stopped; a truncated (rotated) log is read from its start. */
async function follow(path: string, from: number, onLine: (text: string, where: string) => void): Promise<never> {
  let offset = from;
  let partial = '';
  let lineNumber = 0;
  for (;;) {
    await new Promise((done) => setTimeout(done, POLL_MS));
    const size = (await stat(path).catch(() => null))?.size ?? 0;
    if (size < offset) {
      offset = 0;
      partial = '';
    }
    if (size === offset) continue;
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(size - offset, 1024 * 1024));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      offset += bytesRead;
      const lines = (partial + buffer.subarray(0, bytesRead).toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      // A partial line past 1 MiB is not a record `hookctl run` wrote: drop it rather than grow.
      if (partial.length > 1024 * 1024) partial = '';
      for (const line of lines) onLine(line, `${path}:+${++lineNumber}`);
    } finally {
      await handle.close();
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
