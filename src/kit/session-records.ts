/**
 * Reading an agent's own session records (claude transcripts, codex rollouts) back into the hook
 * payloads the agent sent, or would have sent, during that session: what `hookctl replay` feeds the
 * engine. A dialect whose agent keeps such records supplies this role; the replay core only ever
 * talks to it, so it never needs to know a record format.
 */
export interface SessionRecordReader {
  /** The events a reader can rebuild, in the dialect's names. */
  readonly events: readonly string[];
  /** The events replayed when the user names none: the gates, whose hooks decide rather than act. */
  readonly defaultEvents: readonly string[];
  /**
   * Where the agent keeps the sessions of the project at `cwd` when no path is given, and how to
   * tell a session of this project from another project's in the same place.
   */
  defaultLocations(context: SessionLocationContext): SessionLocations;
  /** True for a file name a directory search should read (`*.jsonl`, `rollout-*.jsonl`). */
  isRecordFile(name: string): boolean;
  /** What one record of the file is called in warnings (`transcript record`, `rollout record`). */
  readonly recordKind: string;
  /** A parser for one file, fed its records in order. */
  open(file: string): SessionRecordParser;
  /**
   * Where the agent looks for a project's hooks file: only in the directory a session starts in
   * (`start-directory`: a session started in a subdirectory runs none of the project's hooks), or
   * in the project root above it (`project-root`). What the bypass audit gives as a likely reason.
   */
  readonly projectHooksFrom: 'start-directory' | 'project-root';
  /** Whether the agent records a hook that failed without blocking (so a failure today with no such record left no trace). */
  readonly recordsHookErrors: boolean;
  /** What the agent records about its hooks, in one line (the audit says it when no trace is found). */
  readonly hookTraces: string;
}

export interface SessionLocationContext {
  readonly cwd: string;
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface SessionLocations {
  /** Directories (searched recursively) holding the project's sessions; they may not exist. */
  readonly paths: readonly string[];
  /** When the location mixes projects: whether a session whose working directory is `cwd` belongs to this one. */
  readonly inProject?: (sessionCwd: string) => boolean;
}

/** One rebuilt hook payload, and where in the file it came from. */
export interface RecordedEvent {
  readonly event: string;
  readonly payload: Record<string, unknown>;
  /** 1-based line of the record the payload was rebuilt from (for a result: the result's line). */
  readonly line: number;
  /** ISO time of that record, when it carries one (`--since`). */
  readonly timestamp: string | null;
  /** The tool a tool event is about, else null. */
  readonly tool: string | null;
  /**
   * What replay shows as the event's input, when the payload holds it elsewhere than `tool_input` (a
   * tool event) or `prompt` (a prompt): an agent whose payloads name their fields otherwise (`toolArgs`).
   */
  readonly input?: unknown;
  /**
   * What the session itself recorded about the hooks of this event, when the records tell (a tool
   * call whose result was recorded); absent when they do not (a prompt, a call with no result).
   */
  readonly hooks?: RecordedHookTrace;
}

/** What an agent wrote about the hooks it ran for one call: a refusal, and hook errors that did not block. */
export interface RecordedHookTrace {
  /** A hook refused the call: it never ran. False: the call ran with no refusal recorded. */
  readonly blocked: boolean;
  /** The refusing hook's command, when the record names it. */
  readonly hook: string | null;
  /** The refusal's message (a hook's stderr or reason), when recorded. */
  readonly message: string | null;
  /** Hooks that failed without blocking (a non-zero exit other than 2): their command and message. */
  readonly errors: readonly { readonly hook: string | null; readonly message: string }[];
}

/** Where a record is: its 1-based line, and its `timestamp` field when it is a string. */
export interface RecordPosition {
  readonly line: number;
  readonly timestamp: string | null;
}

export interface SessionRecordParser {
  /**
   * Takes one record: a line that parsed as a JSON object (replay reads the lines, skips blank ones
   * and warns about the rest, so every reader treats a bad line alike). Returns the payloads it
   * completes, or a `warning` when the record has a shape this reader cannot use. Records the agent
   * writes for itself (bookkeeping, copies) are skipped silently.
   */
  record(record: Record<string, unknown>, at: RecordPosition): { events: RecordedEvent[]; warning?: string };
  /**
   * At the end of the file: the events still held back (a call is reported once its result tells
   * what the hooks did; a call whose result never came is reported here, without `hooks`).
   */
  finish?(): RecordedEvent[];
  /** The session's id and starting directory once a line has told them, else null. */
  session(): { id: string; cwd: string | null } | null;
}
