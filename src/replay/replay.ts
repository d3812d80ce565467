import type { RecordedEvent, SessionRecordParser, SessionRecordReader } from '../kit/index.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { readLines } from './read-lines.js';

/** One replayed event, as `--json` prints it (minus the verdict fields the caller adds). */
export interface ReplayedEvent {
  session: string;
  file: string;
  line: number;
  event: string;
  tool: string | null;
  input: unknown;
  recorded: RecordedEvent;
  /** The directory the session started in, when its records say. */
  sessionCwd: string | null;
}

export interface ReplayOptions {
  files: readonly string[];
  reader: SessionRecordReader;
  /** The events to replay; the others are read (results still link to their calls) and dropped. */
  events: ReadonlySet<string>;
  /** Only records at or after this time (ms since the epoch); records without a time are kept. */
  since: number | null;
  /** From the reader's default location: whether a session belongs to the project. */
  inProject?: (sessionCwd: string) => boolean;
  signal?: AbortSignal;
  /** Called for each selected event, one at a time, in file order: dispatch it and report it. */
  onEvent(event: ReplayedEvent): Promise<void>;
  onWarning(message: string): void;
  /** After each file, with the counts so far (a progress bar). */
  onFile?(done: number, total: number, events: number): void;
}

export interface ReplayCounts {
  /** Sessions that had at least one record in range. */
  sessions: number;
  /** Events dispatched. */
  events: number;
}

/**
 * Streams every file through the reader and hands each selected event to `onEvent`. Only one
 * file's parser state and one line are held at a time; nothing accumulates per event.
 */
export async function replayFiles(options: ReplayOptions): Promise<ReplayCounts> {
  const counts: ReplayCounts = { sessions: 0, events: 0 };
  let done = 0;
  for (const file of options.files) {
    if (options.signal?.aborted) break;
    const inRange = await replayFile(file, options, counts);
    if (inRange) counts.sessions++;
    options.onFile?.(++done, options.files.length, counts.events);
  }
  return counts;
}

/** What is said of records no session start has placed in a directory, where sessions of every project share a folder. */
const UNPLACED = "records before any session start naming its directory are not known to be this project's";

/** Replays one file; true when it held a session of the project with a record in range. */
async function replayFile(file: string, options: ReplayOptions, counts: ReplayCounts): Promise<boolean> {
  const parser = options.reader.open(file);
  const state = { inRange: false, unplaced: false };
  try {
    for (const item of readLines(file)) {
      if (options.signal?.aborted) return state.inRange;
      if ('tooLong' in item) {
        options.onWarning(`${file}:${item.lineNumber}: line too long to be a record; skipped`);
        continue;
      }
      const { events, warning } = readRecord(parser, options.reader.recordKind, item.text, item.lineNumber);
      if (warning !== undefined) options.onWarning(`${file}:${item.lineNumber}: ${warning}; skipped`);
      const session = parser.session();
      if (options.inProject) {
        // A session of another project sharing the location: nothing in it is ours.
        if (session?.cwd && !options.inProject(session.cwd)) return false;
        // Records before any session start (or in a file with none, planted among the sessions) are not
        // known to be this project's: never replayed against its hooks.
        if (!session?.cwd) {
          if (events.length > 0 && !state.unplaced) options.onWarning(`${file}:${item.lineNumber}: ${UNPLACED}; skipped`);
          state.unplaced ||= events.length > 0;
          continue;
        }
      }
      await deliver(file, parser, events, options, counts, state);
    }
  } catch (error) {
    // Reading failed (removed, unreadable, a FIFO swapped in): the file's remaining records are lost, not the replay.
    options.onWarning(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); the rest skipped`);
  }
  // Calls held back for their result that never came: replayed all the same, with nothing recorded about their hooks.
  const placed = !options.inProject || Boolean(parser.session()?.cwd);
  if (!options.signal?.aborted && placed) await deliver(file, parser, parser.finish?.() ?? [], options, counts, state);
  return state.inRange;
}

async function deliver(
  file: string,
  parser: SessionRecordParser,
  events: readonly RecordedEvent[],
  options: ReplayOptions,
  counts: ReplayCounts,
  state: { inRange: boolean },
): Promise<void> {
  const session = parser.session();
  for (const recorded of events) {
    if (!isInRange(recorded, options.since)) continue;
    state.inRange = true;
    if (!options.events.has(recorded.event)) continue;
    counts.events++;
    await options.onEvent({
      session: session?.id ?? '',
      file,
      line: recorded.line,
      event: recorded.event,
      tool: recorded.tool,
      input: toolInputOf(recorded),
      recorded,
      sessionCwd: session?.cwd ?? null,
    });
  }
}

/** One line through the parser: blank lines are nothing, a line that is not a JSON object a warning. */
function readRecord(parser: SessionRecordParser, kind: string, text: string, line: number): { events: RecordedEvent[]; warning?: string } {
  if (text.trim() === '') return { events: [] };
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return { events: [], warning: 'not a JSON record (a truncated or corrupted line)' };
  }
  if (!isPlainObject(record)) return { events: [], warning: `not a ${kind} (expected a JSON object)` };
  return parser.record(record, { line, timestamp: typeof record.timestamp === 'string' ? record.timestamp : null });
}

function isInRange(recorded: RecordedEvent, since: number | null): boolean {
  if (since === null || recorded.timestamp === null) return true;
  const time = Date.parse(recorded.timestamp);
  return Number.isNaN(time) || time >= since;
}

/** What the table and JSON show as the input: the tool input of a tool event, the prompt of a prompt. */
function toolInputOf(recorded: RecordedEvent): unknown {
  if (recorded.input !== undefined) return recorded.input;
  if ('tool_input' in recorded.payload) return recorded.payload.tool_input;
  if ('prompt' in recorded.payload) return recorded.payload.prompt;
  return null;
}
