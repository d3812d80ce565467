import type { EventSpec } from '../kit/index.js';
import type { MatcherCompilation, MatcherSyntax } from './compile-matcher.js';
import type { ConfigFile, FileRole } from './config-file.js';
import type { LintFacts } from './lint-facts.js';
import type { LayerDeclaration, LoadPolicy } from './load-declaration.js';

export type {
  FeaturesPolicy,
  FeaturesSwitch,
  RejectionCost,
  RejectionGranularity,
  RejectionLevel,
} from './load-declaration.js';
export type { LintFacts } from './lint-facts.js';

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
  /** A number of seconds > 0, fractions allowed (claude `timeout`). */
  | { kind: 'positive-seconds' }
  /** An array of strings (claude `args`, `allowedEnvVars`). */
  | { kind: 'string-list' }
  /** An object whose values are strings (claude http `headers`). */
  | { kind: 'string-record' }
  /** Any object (claude mcp_tool `input`). */
  | { kind: 'object' }
  /** An integer ≥ 0 (openinterpreter `additionalContextLimit`). */
  | { kind: 'count' }
  /** Anything: a setting that belongs to the agent and that hookctl does not read. */
  | { kind: 'any' }
  /** A Go duration; its own rules (`invalid-timeout`) report bad values, which fall back to a default. */
  | { kind: 'go-duration' }
  /** Checked by a dedicated rule (`command`: `empty-command` and `invalid-value`). */
  | { kind: 'command' }
) & {
  extension?: true;
  /**
   * The events on which the agent reads the field (codex `additionalContextLimit`: only events that
   * can emit additional context); elsewhere it ignores it with a warning. Absent: every event.
   */
  events?: ReadonlySet<string>;
  /**
   * What the field holds where a dialect writes it under another name than `command` (copilot):
   * the command a POSIX shell runs (`bash`), a command another shell runs elsewhere (`powershell`),
   * or the directory the command starts in, relative to the project (`cwd`). Every rule that reads a
   * command finds it through handlerCommand (handler-command.ts). Absent everywhere: `command`.
   */
  holds?: 'shell-command' | 'other-shell-command' | 'working-dir';
};

/**
 * How a dialect's agent reads a handler's `timeout` (SPEC 2.2): the unit it is written in decides
 * the parser (resolveTimeout) and the unit lint's timeout messages speak in (timeoutUnit).
 */
export type TimeoutRule = (
  | {
      unit: 'seconds';
      defaultMs: number;
      /** At or above this many seconds the value was probably meant as ms. */
      suspiciousSeconds: number;
      /** Any number of seconds above 0 counts (claude), not only whole seconds ≥ 1. */
      fractional?: boolean;
    }
  | { unit: 'go-duration'; defaultMs: number; maxMs: number }
  | {
      /** A number of milliseconds (Gemini CLI: `setTimeout(…, timeout)`); 0 or less stops the hook at once. */
      unit: 'milliseconds';
      defaultMs: number;
      /**
       * Below this many milliseconds a written value was probably meant as seconds (`30` is 30 ms:
       * Gemini's `hooks migrate --from-claude` copies Claude's seconds unchanged). Absent: never.
       */
      suspiciousBelowMs?: number;
    }
) & {
  /**
   * Events with a timeout rule of their own (codex SessionEnd: 1 s by default, at most 3 s): the
   * default when unset, and the most a written value is held to.
   */
  byEvent?: Readonly<Record<string, EventTimeout>>;
};

/** An event's own timeout rule (TimeoutRule.byEvent). */
export interface EventTimeout {
  defaultMs: number;
  maxMs: number;
}

export interface HandlerTypes {
  supported: readonly string[];
  unsupported: readonly string[];
  /**
   * Fields only some types have (claude: `url` is http's, `args` command's), by type. A handler
   * field listed for other types but not its own is unknown on it. Absent: every handler field
   * applies to every type.
   */
  fields?: Readonly<Record<string, readonly string[]>>;
  /** Fields a handler of the type must set (`command` for command hooks, `url` for http). Absent: `command`. */
  required?: Readonly<Record<string, readonly string[]>>;
}

export interface TopLevelRule {
  /** Known top-level fields besides `hooks`, with their types. */
  fields: Readonly<Record<string, FieldType>>;
  /** What an unknown top-level key is: an error for the file, a warning, or fine (general config files). */
  unknown: 'error' | 'warning' | 'ignore';
  /** Keys under `hooks` that are the agent's own settings in this kind of file, not events (`[hooks.state]`, `managed_dir`). */
  hooksKeys?: Readonly<Record<string, FieldType>>;
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
   * `flat`: event → [handler with its own matcher] (octo);
   * `mixed`: either, entry by entry: one with `hooks` is a group (copilot).
   */
  nesting: 'groups' | 'flat' | 'mixed';
  /**
   * The matcher language: one of the shared syntaxes, or, where the agent's rules are none of them,
   * the dialect's own compiler of a group's matcher for one event (claude: trimmed exact lists, a
   * narrower set on some events, JavaScript regexes evaluated by a linear-time engine).
   */
  matcher: MatcherSyntax | ((source: string | null, event: string) => MatcherCompilation);
  /** Fields of a matcher group besides `hooks` (groups nesting only). */
  groupFields: Readonly<Record<string, FieldType>>;
  handlerFields: Readonly<Record<string, FieldType>>;
  timeout: TimeoutRule;
  /** Handler `type` values: run, or parsed but skipped as unsupported; null when there is no `type`. */
  handlerTypes: HandlerTypes | null;
  topLevel: Readonly<Record<FileRole, TopLevelRule>>;
  /** What the agent does that the shared lint rules say in their findings (lint-facts.ts). */
  lint?: LintFacts;
  /**
   * The load policy (`onError`, rejection granularity, switches): what the runtime does with what
   * the rules find, and which settings switch hooks off. Lint reads it to say what the agent does.
   */
  policy: LoadPolicy;
  /**
   * Where the config files live, as data (load-declaration.ts): discovery, watch paths, the place
   * of a named file and the repository scan all derive from it (`discover` and `describeFile` too).
   */
  layers: LayerDeclaration;
  /**
   * The id a handler gets from where it is declared, when the dialect's agent names hooks that
   * way (codex: `<file or key>:<event_snake>:<group>:<handler>`). Absent: its `id` field, else
   * `<source>:<event>:<group>:<handler>`.
   */
  handlerId?(file: ConfigFile, event: string, group: number, handler: number): string;
}
