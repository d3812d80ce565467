import type { EventSpec, HandlerRecord, LoadContext } from '../kit/index.js';
import type { MatcherSyntax } from './compile-matcher.js';
import type { ConfigFile, FileRole } from './config-file.js';
import type { SourceEntry } from './source-tree.js';

/**
 * The type a config field must have; `invalid-value` reports anything else. `extension` marks a
 * field hookctl adds (openinterpreter `id`, `onFailure`): the agent ignores it, so a bad value only
 * makes hookctl skip that handler, never the whole file.
 */
export type FieldType = (
  | { kind: 'string' }
  | { kind: 'non-empty-string' }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  /**
   * Whole seconds, written as an integer ≥ 0 (openinterpreter `timeout`; 0 is raised to 1), at
   * most `max` when set (compared exactly, on the literal as written).
   */
  | { kind: 'whole-seconds'; max?: bigint }
  /** An integer ≥ 0 (openinterpreter `additionalContextLimit`). */
  | { kind: 'count' }
  /** Anything: a setting that belongs to the agent and that hookctl does not read. */
  | { kind: 'any' }
  /** A Go duration; its own rules (`invalid-timeout`) report bad values, which fall back to a default. */
  | { kind: 'go-duration' }
  /** Checked by a dedicated rule (`command`: `empty-command` and `invalid-value`). */
  | { kind: 'command' }
) & { extension?: true };

export type TimeoutRule =
  | { unit: 'seconds'; defaultMs: number; /** At or above this many seconds the value was probably meant as ms. */ suspiciousSeconds: number }
  | { unit: 'go-duration'; defaultMs: number; maxMs: number };

export interface TopLevelRule {
  /** Known top-level fields besides `hooks`, with their types. */
  fields: Readonly<Record<string, FieldType>>;
  /** What an unknown top-level key is: an error for the file, a warning, or fine (general config files). */
  unknown: 'error' | 'warning' | 'ignore';
}

/**
 * Everything generic config code needs to know about one dialect's config: data (fields, shapes,
 * timeouts, matcher syntax) plus where its files live. Discovery, declarations, rules and
 * normalisation read only this, so a new dialect adds a spec, not code paths.
 */
export interface DialectConfigSpec {
  /** The dialect's id, for messages. */
  dialect: string;
  events: readonly EventSpec[];
  /**
   * `groups`: event → [{ matcher, hooks: [handler…] }] (openinterpreter);
   * `flat`: event → [handler with its own matcher] (octo).
   */
  nesting: 'groups' | 'flat';
  matcherSyntax: MatcherSyntax;
  /** Fields of a matcher group besides `hooks` (groups nesting only). */
  groupFields: Readonly<Record<string, FieldType>>;
  handlerFields: Readonly<Record<string, FieldType>>;
  timeout: TimeoutRule;
  /** Handler `type` values: run, or parsed but skipped as unsupported; null when there is no `type`. */
  handlerTypes: { supported: readonly string[]; unsupported: readonly string[] } | null;
  topLevel: Readonly<Record<FileRole, TopLevelRule>>;
  /**
   * The top-level key of the managed requirements file that, when true, keeps every non-managed
   * hook from running (openinterpreter `allow_managed_hooks_only`); absent when the dialect has none.
   */
  managedOnlySwitch?: string;
  /**
   * True when the agent deserialises a file's hooks all at once (openinterpreter, after Codex's
   * serde types): a value of the wrong type, a duplicate key, a missing or unknown handler `type`
   * anywhere in a known event drops every hook of that file, not just one handler.
   */
  wholeFileRejection?: boolean;
  /** Keys under `hooks` that are the agent's own settings, not events (`[hooks.state]`, `managed_dir`). */
  reservedHookKeys?: Partial<Record<FileRole, Readonly<Record<string, FieldType>>>>;
  /**
   * What the runtime does with an error finding: `skip` the declaration it invalidates and run the
   * rest (openinterpreter), or `refuse` to load the configuration at all (octo, SPEC 3.2).
   */
  onError: 'skip' | 'refuse';
  /** Events whose handlers may set `additionalContextLimit`; elsewhere the agent ignores it with a warning. */
  contextLimitEvents?: ReadonlySet<string>;
  /**
   * Events with a timeout rule of their own (codex SessionEnd: 1 s by default, at most 3 s): the
   * default when unset, and the most a written value is held to.
   */
  eventTimeouts?: Readonly<Record<string, { defaultMs: number; maxMs: number }>>;
  /**
   * What `async: true` does on an event that does not allow it (EventSpec.asyncAllowed false):
   * `refused`, the handler does not load (octo, SPEC 3.2; the default); `runs-sync`, it runs
   * synchronously with a warning (codex SessionEnd).
   */
  asyncWhereNotAllowed?: 'refused' | 'runs-sync';
  /**
   * The id a handler gets from where it is declared, when the dialect's agent names hooks that
   * way (codex: `<file or key>:<event_snake>:<group>:<handler>`). Absent: its `id` field, else
   * `<source>:<event>:<group>:<handler>`.
   */
  handlerId?(file: ConfigFile, event: string, group: number, handler: number): string;
  /**
   * Decides the `[features] hooks` switch from the files in layer order, when the dialect's agent
   * does not simply take the last switch set (codex: a switch in the requirements file pins it).
   */
  decideFeatures?(files: readonly ConfigFile[]): { file: ConfigFile; entry: SourceEntry; enabled: boolean } | null;
  /**
   * Trust the agent records in its own config, by a hook's position (codex `[hooks.state]`): the
   * trusted hashes of one load's files by hook id, and the hash a hook is compared with. Lets lint
   * say that a hook changed or moved since it was trusted.
   */
  recordedTrust?: {
    trustedHashes(files: readonly ConfigFile[]): ReadonlyMap<string, string>;
    hash(record: HandlerRecord): string;
  };
  /** The `[features] hooks` entry of a file, when the dialect has that switch. */
  featuresSwitch?(file: ConfigFile): SourceEntry | undefined;
  /** Finds, reads and parses every config layer, in layer order (SPEC 2.1 / 3.1). */
  discover(context: LoadContext): Promise<ConfigFile[]>;
  /** Reads and parses one named file, placing it in the layer its path implies (`hookctl lint FILE`). */
  describeFile(path: string, context: LoadContext): Promise<ConfigFile>;
}
