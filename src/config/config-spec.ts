import type { EventSpec, LoadContext } from '../kit/index.js';
import type { MatcherCompilation, MatcherSyntax } from './compile-matcher.js';
import type { ConfigFile, FileRole } from './config-file.js';
import type { LayerDeclaration, LoadPolicy } from './load-declaration.js';
import type { SourceNode } from './source-tree.js';

export type { FeaturesPolicy, FeaturesSwitch } from './load-declaration.js';

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
) & { extension?: true };

/**
 * How a dialect's agent reads a handler's `timeout` (SPEC 2.2): the unit it is written in decides
 * the parser (resolveTimeout) and the unit lint's timeout messages speak in (timeoutUnit).
 */
export type TimeoutRule =
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
    };

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
  matcherSyntax: MatcherSyntax;
  /** Fields of a matcher group besides `hooks` (groups nesting only). */
  groupFields: Readonly<Record<string, FieldType>>;
  handlerFields: Readonly<Record<string, FieldType>>;
  timeout: TimeoutRule;
  /** Handler `type` values: run, or parsed but skipped as unsupported; null when there is no `type`. */
  handlerTypes: HandlerTypes | null;
  topLevel: Readonly<Record<FileRole, TopLevelRule>>;
  /**
   * Compiles a group's matcher for one event, when the dialect's matcher rules are not one of the
   * shared `matcherSyntax` values (claude: trimmed exact lists, a narrower set on some events, and
   * JavaScript regexes evaluated by a linear-time engine). Absent: `compileMatcher(text, matcherSyntax)`.
   */
  compileMatcher?(source: string | null, event: string): MatcherCompilation;
  /**
   * True when the agent deserialises a file's hooks all at once (openinterpreter, after Codex's
   * serde types): a value of the wrong type, a duplicate key, a missing or unknown handler `type`
   * anywhere in a known event drops every hook of that file, not just one handler.
   */
  wholeFileRejection?: boolean;
  /**
   * What a handler without its required `command` costs where the agent rejects files whole:
   * `file` (the default; Codex) every hook of the file, `event` only the hooks of that event in that
   * file. A dialect with a `rejectionGranularity` (claude) says it there instead.
   */
  missingCommandScope?: 'file' | 'event';
  /**
   * What one value the agent rejects costs, by where it sits, where the agent repairs a file entry
   * by entry rather than dropping it whole (claude). Takes precedence over `wholeFileRejection`,
   * `missingCommandScope` and `schemaRejectsFile` for the files those cover; managed files are still
   * repaired entry by entry.
   */
  rejectionGranularity?: RejectionGranularity;
  /** Keys under `hooks` that are the agent's own settings, not events (`[hooks.state]`, `managed_dir`). */
  reservedHookKeys?: Partial<Record<FileRole, Readonly<Record<string, FieldType>>>>;
  /**
   * The load policy (`onError`, rejection granularity, switches): what the runtime does with what
   * the rules find, and which settings switch hooks off. Lint reads it to say what the agent does.
   * Dialects not yet on the declared load (claude, gemini, copilot) still set the legacy members
   * below (`onError`, `wholeFileRejection`, `missingCommandScope`) instead.
   */
  policy?: LoadPolicy;
  /**
   * Where the config files live, as data (load-declaration.ts): discovery, watch paths, the place
   * of a named file and the repository scan all derive from it (`discover` and `describeFile` too).
   */
  layers?: LayerDeclaration;
  /** Legacy (see `policy`): what the runtime does with an error finding. */
  onError?: 'skip' | 'refuse';
  /** Events whose handlers may set `additionalContextLimit`; elsewhere the agent ignores it with a warning. */
  contextLimitEvents?: ReadonlySet<string>;
  /**
   * Events with a timeout rule of their own (codex SessionEnd: 1 s by default, at most 3 s): the
   * default when unset, and the most a written value is held to.
   */
  eventTimeouts?: Readonly<Record<string, { defaultMs: number; maxMs: number }>>;
  /**
   * Command handlers that may run without a shell (claude): when `argsField` is set, `command` is
   * the program (spawned directly) and each item of it one argument.
   */
  execForm?: { argsField: string };
  /**
   * Variables whose value lint knows (claude `CLAUDE_PROJECT_DIR` = the project dir, a plugin's
   * root): a script path built from them is checked like a relative one. In shell form `$NAME` and
   * `${NAME}` count, in exec form only `${NAME}` (the agent replaces it as text).
   */
  pathVariables?(file: ConfigFile, projectDir: string): Readonly<Record<string, string>>;
  /**
   * How a command reaches a project script from whatever directory the hook runs in. The agents run
   * hooks in the session's cwd, which follows `cd`, so a path relative to the cwd breaks after one
   * (lint `cwd-relative-script`). `shellPrefix`/`execPrefix`: written before a path from the project
   * root in a shell-form / exec-form command (claude `"$CLAUDE_PROJECT_DIR"/`, `${CLAUDE_PROJECT_DIR}/`).
   * `exitTwo`: events where exit code 2 has an effect, and that effect in a few words (a missing
   * script read by python exits 2); `anyFailure`: events where every non-zero exit has one.
   */
  projectAnchor?: {
    /** What the prefix stands for: the project dir hooks start in (claude), or the git root above it. */
    root: 'project' | 'git';
    shellPrefix: string;
    execPrefix?: string;
    exitTwo: Readonly<Record<string, string>>;
    anyFailure?: Readonly<Record<string, string>>;
    /**
     * Why a path relative to the cwd can miss, in this agent's own terms: the words that end with
     * where the script is then not found (default: the agent runs hooks in the session's cwd, which
     * follows `cd`, "from any other directory"). `null` where it cannot: the agent reads the project
     * file only from the directory it starts in and runs the hooks there (gemini), so lint's
     * `cwd-relative-script` says nothing.
     */
    cwdPremise?: string | null;
  };
  /**
   * Events where exit code 2 cannot block, with what the agent does with it instead, as a clause
   * ("Claude Code shows stderr to the user"): a hook written `… || exit 2` there blocks nothing
   * (lint's `output-ignored`). Events not listed are not judged.
   */
  exitTwoIgnored?: Readonly<Record<string, string>>;
  /**
   * Where exit 2 blocks only with a reason written out: the agent's name (Gemini CLI reads the hook's
   * stdout, else its stderr, and an exit 2 with neither is no output at all, so nothing is blocked).
   * A hook whose command writes nothing before `exit 2` fails open (lint's `output-ignored`).
   */
  exitTwoNeedsText?: string;
  /**
   * The handler field that holds the shell command, where it is not `command` (copilot: `bash`);
   * lint's `output-ignored` reads the command there.
   */
  commandField?: string;
  /**
   * A handler field that filters on the tool call and that the agent evaluates only on some events
   * (claude `if`); on any other event a handler with it never runs.
   */
  conditionField?: { field: string; events: ReadonlySet<string> };
  /**
   * A handler field that makes a failed or timed-out hook block (claude `"onFailure": "block"`): on
   * `events` (where a hook guards an action) a handler of one of `types` without it lets the action
   * through when it fails; `ignoredWith` are boolean fields that make the agent ignore it. For
   * lint's `guard-fails-open`.
   */
  failClosed?: {
    agent: string;
    field: string;
    value: string;
    events: ReadonlySet<string>;
    types: ReadonlySet<string>;
    ignoredWith: readonly string[];
  };
  /**
   * How the agent names MCP tools, `<prefix><server>__<tool>` (claude `mcp__`): an exact matcher
   * on a tool event that names only a server matches no tool.
   */
  mcpToolPrefix?: string;
  /**
   * Event names of other agents that configs copied from them carry (Claude Code's `PreToolUse` in a
   * Gemini CLI file): whose each is and what this agent calls it, so `unknown-event` says so. Filled
   * by the registry from the cross-agent concordance (src/dialects/cross-agent.ts); a dialect never
   * writes it.
   */
  otherAgentEvents?: Readonly<Record<string, { agent: string; instead: string }>>;
  /**
   * The tool names a tool event's matcher is compared with (claude `Bash`, `Read`…), for lint: an
   * exact matcher that names one in the wrong case, or a tool of another agent (`terminal`, `Shell`),
   * matches no tool.
   */
  /**
   * Where the agent ignores an event it does not know (claude drops the entry, codex skips it)
   * rather than refusing the file: the agent and the version whose events hookctl knows. Lint's
   * `unknown-event` is then a warning naming that version (a newer agent may know the event);
   * without it (octo, a hard load error) it stays an error.
   */
  unknownEventIgnored?: { agent: string; effect: string };
  toolNames?: {
    tools: readonly string[];
    /** Old names the agent still matches as the tool's new name (claude `Task` → `Agent`): an info note. */
    legacy?: Readonly<Record<string, { tool: string; agent: string }>>;
    /** Tools the agent no longer has (claude `MultiEdit`): the name matches nothing; `instead` does the work now. */
    removed?: Readonly<Record<string, { agent: string; instead: string }>>;
    /**
     * Other agents' names for work this agent has a tool for (and names configs for this agent
     * carry that its hooks never see): whose each is and this agent's name(s), `|`-joined. Filled by
     * the registry from the cross-agent concordance (src/dialects/cross-agent.ts); a dialect never
     * writes it. A matcher alternative that names one while this agent's own is missing lets those
     * calls bypass the hook (lint's `tool-matcher-never-matches`).
     */
    equivalents?: Readonly<Record<string, { agent: string; instead: string }>>;
  };
  /**
   * The variables the agent sets for its hooks (SPEC-dialects 8.7, 9.7), for lint's
   * `unset-variable`: `always`, `byEvent` (a variable → the only events it is set on), `plugin`
   * (only for a plugin's hooks), and `neverSet`: names configs use that the agent never sets, each
   * with what to use instead (the input arrives as JSON on stdin).
   */
  hookVariables?: {
    always: readonly string[];
    byEvent?: Readonly<Record<string, readonly string[]>>;
    plugin: readonly string[];
    neverSet: Readonly<Record<string, string>>;
  };
  /**
   * Set when the agent evaluates regex matchers with a backtracking engine (claude: JavaScript's
   * `RegExp`): finds a regex that backtracks exponentially there, with a word that, repeated, shows
   * it. Such a pattern stalls the agent itself, although hookctl runs matchers in linear time.
   */
  exponentialBacktracking?(regex: string): { pump: string } | null;
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
  /**
   * True when the agent validates a settings or hooks file as a whole against its schema (claude),
   * so that besides what `wholeFileRejection` covers, a setting it reads with a value of the wrong
   * type, a blank command and a matcher group without `hooks` drop every hook of the file too.
   * Needs `wholeFileRejection`; managed files are still repaired entry by entry.
   */
  schemaRejectsFile?: boolean;
  /**
   * Finds, reads and parses every config layer, in layer order (SPEC 2.1 / 3.1). A dialect with
   * declared `layers` takes it from them (declaredDiscovery); the member goes once every dialect does.
   */
  discover(context: LoadContext): Promise<ConfigFile[]>;
  /**
   * Reads and parses one named file, placing it in the layer its path implies (`hookctl lint FILE`).
   * A plugin manifest comes back as the files it makes the agent load besides the plugin's
   * standard hooks file (it can name several, or hold hooks inline), and itself last.
   */
  describeFile(path: string, context: LoadContext): Promise<ConfigFile | ConfigFile[]>;
}

/** Where a rejected value sits: a handler, a matcher group, an event's value, the `hooks` value, a top-level setting. */
export type RejectionLevel = 'handler' | 'group' | 'event' | 'hooks' | 'setting';

/**
 * What a rejected value drops: the `entry` itself (the handler or matcher group), the `event`'s hooks
 * of the file, every hook of the file (`hooks`), or the whole `file`, its settings too.
 */
export type RejectionCost = 'entry' | 'event' | 'hooks' | 'file';

/** A dialect's rejection rule as data: the unit each level costs, and the events where any rejection costs the file. */
export type RejectionGranularity = Readonly<Record<RejectionLevel, RejectionCost>> & {
  /** The agent and release the rule is proven against, named in the findings ("Claude Code 2.1.332"). */
  readonly agent: string;
  /** Events where a rejected entry costs the whole file (claude's guard events). */
  readonly fileEvents: ReadonlySet<string>;
  /**
   * What a rejected value of this shape costs where its level's cost is not the agent's whole answer
   * (claude: a `hooks` list holding objects costs the file, any other non-object `hooks` its hooks);
   * undefined keeps the level's cost. `value` is the rejected value (for `hooks`, the `hooks` value).
   */
  readonly costOf?: (level: RejectionLevel, value: SourceNode) => RejectionCost | undefined;
};
