import type { EventSpec, LoadContext } from '../kit/index.js';
import type { MatcherSyntax } from './compile-matcher.js';
import type { ConfigFile, FileRole } from './config-file.js';
import type { SourceEntry } from './source-tree.js';

/** The type a config field must have; `invalid-value` reports anything else. */
export type FieldType =
  | { kind: 'string' }
  | { kind: 'non-empty-string' }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  /** Whole seconds ≥ 1 (openinterpreter `timeout`). */
  | { kind: 'whole-seconds' }
  /** A Go duration; its own rules (`invalid-timeout`) report bad values, which fall back to a default. */
  | { kind: 'go-duration' }
  /** Checked by a dedicated rule (`command`: `empty-command` and `invalid-value`). */
  | { kind: 'command' };

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
  /** The `[features] hooks` entry of a file, when the dialect has that switch. */
  featuresSwitch?(file: ConfigFile): SourceEntry | undefined;
  /** Finds, reads and parses every config layer, in layer order (SPEC 2.1 / 3.1). */
  discover(context: LoadContext): Promise<ConfigFile[]>;
  /** Reads and parses one named file, placing it in the layer its path implies (`hookctl lint FILE`). */
  describeFile(path: string, context: LoadContext): Promise<ConfigFile>;
}
