import { basename } from 'node:path';
import type { RecordedHookTrace } from '../kit/index.js';
import { stringifyJson } from '../util/safe-json.js';
import { showText } from '../util/show-text.js';
import { VERDICTS, type Verdict } from './verdict.js';

const WIDTHS = { verdict: 9, event: 18, tool: 14, input: 44, reason: 40, recorded: 30 } as const;

/** The `--against` table: two of today's verdicts, no record column. */
export const TABLE_HEADER = row(['VERDICT', 'EVENT', 'TOOL', 'INPUT', 'REASON', 'RECORD']);
/** The replay table: today's verdict beside what the session recorded. */
export const REPLAY_HEADER = row(['VERDICT', 'EVENT', 'TOOL', 'INPUT', 'REASON', 'RECORDED', 'RECORD'], true);

export interface TableRow {
  verdict: string;
  event: string;
  tool: string | null;
  input: unknown;
  reason: string | null;
  file: string;
  line: number;
  /** The replay table's RECORDED column: what the session recorded (undefined: not recorded). Absent for `--against`. */
  hooks?: RecordedHookTrace | undefined;
}

/** One table line; every text from a record or a hook is escaped and cut to its column. */
export function tableRow(entry: TableRow, withRecorded = false): string {
  return row(
    [
      entry.verdict,
      entry.event,
      entry.tool ?? '-',
      inputText(entry.input),
      entry.reason ?? '',
      ...(withRecorded ? [recordedText(entry.hooks, entry.tool === null)] : []),
      `${basename(entry.file)}:${entry.line}`,
    ],
    withRecorded,
  );
}

/**
 * What the session recorded about a call's hooks, in a few words: `blocked: <message>`, `hook error:
 * <message>` (a hook failed and the call ran), `ran` (no hook refusal recorded; a prompt: `sent`), `-` (the
 * records do not tell).
 */
export function recordedText(hooks: RecordedHookTrace | undefined, prompt = false): string {
  if (hooks === undefined) return '-';
  if (hooks.blocked) return hooks.message === null ? 'blocked' : `blocked: ${hooks.message}`;
  const error = hooks.errors[0];
  if (error !== undefined) return `hook error: ${error.message}${hooks.errors.length > 1 ? ` (+${hooks.errors.length - 1})` : ''}`;
  return prompt ? 'sent' : 'ran';
}

function row(cells: string[], withRecorded = false): string {
  const widths: number[] = [WIDTHS.verdict, WIDTHS.event, WIDTHS.tool, WIDTHS.input, WIDTHS.reason];
  if (withRecorded) widths.push(WIDTHS.recorded);
  return `${cells.map((cell, index) => (index < widths.length ? fitCell(cell, widths[index]!) : showText(cell))).join('  ')}\n`;
}

/** A Bash command or a prompt as itself, a file tool by its path, anything else as compact JSON. */
export function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const fields = input as Record<string, unknown>;
    for (const key of ['command', 'file_path', 'path', 'url', 'pattern']) if (typeof fields[key] === 'string') return fields[key] as string;
  }
  // The input is whatever the model wrote: a deep one would overflow JSON.stringify.
  return stringifyJson(input) ?? '';
}

function fitCell(text: string, width: number): string {
  const shown = showText(text.replace(/\s+/g, ' ').trim());
  const chars = [...shown];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : shown + ' '.repeat(width - chars.length);
}

export type Summary = Record<Verdict, number>;

export function emptySummary(): Summary {
  return Object.fromEntries(VERDICTS.map((verdict) => [verdict, 0])) as Summary;
}

export function summaryText(sessions: number, events: number, summary: Summary): string {
  const counts = VERDICTS.filter((verdict) => summary[verdict] > 0 || ['deny', 'ask', 'allow', 'none', 'failed'].includes(verdict))
    .map((verdict) => `${summary[verdict]} ${verdict}`)
    .join(', ');
  return `replayed ${events} event${events === 1 ? '' : 's'} from ${sessions} session${sessions === 1 ? '' : 's'}: ${counts}\n`;
}

/** A hook that matched nothing, as the summary lists it: its id, and what it is for a reader who does not know ids. */
export interface UnmatchedHook {
  id: string;
  event: string;
  matcher: string | null;
  command: string;
}

export function unmatchedText(hooks: readonly UnmatchedHook[], sessions: number, events: readonly string[]): string {
  const where = `${sessions} session${sessions === 1 ? '' : 's'}`;
  if (hooks.length === 0) return `no ${events.join(' or ')} hook went unmatched in ${where}\n`;
  const lines = hooks.map((hook) => {
    const what = `${hook.event}${hook.matcher === null ? '' : ` ${hook.matcher}`}: ${hook.command.replace(/\s+/g, ' ')}`;
    return `  ${showText(hook.id)}  (${fitCell(what, 70).trimEnd()})\n`;
  });
  return `never fired in ${where}:\n${lines.join('')}`;
}

/** A one-line progress bar for a terminal: redrawn in place, at most every 100 ms. */
export function progressBar(stream: NodeJS.WriteStream) {
  let last = 0;
  let shown = false;
  return {
    update(done: number, total: number, events: number) {
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const width = 30;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      stream.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} sessions, ${events} events`);
      shown = true;
    },
    /** Clears the bar (before other stderr output, and at the end). */
    clear() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
