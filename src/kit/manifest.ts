import { resolve } from 'node:path';
/**
 * A dialect's data, cheap to import: the registry, detection, path inference and codegen read it
 * without loading the dialect's loaders, validators or protocol.
 */
export interface DialectManifest {
  readonly id: string;
  /** The agent's product name, where it differs from the id (`Claude Code`): `--help` names it beside the id. */
  readonly agentName?: string;
  /** The project config directory (`.<agent>`): detection, inference and scaffolds go by it. */
  readonly configDir: string;
  /** The hook config files inside that directory; their presence is what detection goes by. */
  readonly configFiles: readonly string[];
  /**
   * Extensions (lower case, with the dot) of this dialect's config files, for placing a file whose
   * path names no config directory. The registry's order breaks ties.
   */
  readonly extensions: readonly string[];
  /**
   * Every hook config file of this dialect as it can sit in a repository, for `hookctl lint` of a
   * whole repository and for placing a named file: each matched at any depth. Absent: each of
   * `configFiles` inside `configDir`. A dialect lists more where its agent reads more (a plugin's
   * hooks file beside its manifest, a local settings file) or where a file is worth a finding
   * although the agent never reads it.
   */
  readonly repositoryFiles?: readonly RepositoryFile[];
  /**
   * An environment variable that moves the user-level config directory (claude `CLAUDE_CONFIG_DIR`
   * replaces `~/.claude`, codex `CODEX_HOME` replaces `~/.codex`); detection looks for the config
   * files there instead, and `test --agent` drops it unless the user's settings are asked for. With
   * `below`, the variable moves a directory that holds the config directory there (copilot:
   * `COPILOT_HOME` replaces `~/.copilot`, whose `hooks/` holds the files).
   */
  readonly userConfigDirEnv?: string | { readonly name: string; readonly below: string };
  /**
   * The user-level config directory below the home directory, where it is not `configDir`
   * (copilot: `.copilot/hooks`, while a project's is `.github/hooks`). Absent: `configDir`.
   */
  readonly userConfigDir?: string;
  /** The event catalogue, in the order docs, codegen and scaffolds list events. */
  readonly events: readonly EventSpec[];
  /**
   * What the CLI's help, examples and hints say about this dialect (`--managed`, `trust`, `enable`,
   * `--tool`, `test --agent`, `replay`…), so that they name every dialect from the registry instead
   * of by hand. Absent: the dialect is left out of those lists and examples.
   */
  readonly cli?: DialectCliFacts;
  /**
   * This agent's row of the cross-agent concordance (docs/architecture.md, "One cross-agent
   * concordance"): its own names for the canonical events and tools. The registry gathers the rows;
   * every other agent's hints (a copied config's foreign tool or event name), lint's matcher
   * alternatives, case translation and the multi-agent guard derive from them. Its own names only:
   * no dialect names another's tools or events. Absent: the agent takes part in none of these.
   */
  readonly concordance?: DialectConcordance;
}

/**
 * One session-only flag a dialect's agent has and hookctl mirrors (`--<name> <placeholder>`). Its
 * value reaches the dialect in `LoadContext.session[name]`: a string, or the values in the order
 * given when `repeatable`.
 */
export interface SessionFlag {
  /** The long flag without its dashes (`plugin-dir`): the option's name and the key in `LoadContext.session`. */
  readonly name: string;
  /** What the value is, as `--help` shows it (`<dir>`, `<key=value>`). */
  readonly placeholder: string;
  /** `path`: resolved against the directory hookctl was started in (a relative `--plugin-dir`); `text`: as given. */
  readonly value: 'path' | 'text';
  /** Given several times, each value counts, in order (a list); otherwise the last one given wins. */
  readonly repeatable: boolean;
  /** The help text after the owning dialects' ids (`claude: …`). */
  readonly help: string;
  /** The engine option (`createEngine`) of the library API that carries the same value, where there is one. */
  readonly engineOption?: string;
}

/** The user-facing facts of a dialect that `--help` and hints state; data only. */
export interface DialectCliFacts {
  /** The managed policy file `--managed` stands for, and where the agent reads it by default. */
  readonly managedFile?: { readonly name: string; readonly defaultPath: string; readonly note?: string };
  /** How `trust`/`untrust` cover its hooks: one by one, the project's hooks file as a whole, or not at all. */
  readonly trust: 'per-hook' | 'project-file' | 'none';
  /** `enable`/`disable` apply: the agent keeps a per-hook on/off state. */
  readonly hookSwitch: boolean;
  /** Where there is no per-hook switch, the other way the agent turns hooks off (a settings key). */
  readonly switchOffKey?: string;
  /** A few of the agent's tools, most telling first, for `--tool` help and examples. */
  readonly exampleTools?: readonly string[];
  /**
   * The session-only flags the agent itself has (claude `--settings`, `--plugin-dir`; codex `--config`),
   * which hookctl mirrors: the CLI registers each from this data on the commands that load config,
   * and their values reach the dialect's layers in `LoadContext.session`, by flag name.
   */
  readonly sessionFlags?: readonly SessionFlag[];
  /**
   * Where `hookctl serve --http` answers this agent's http hooks (claude): the hooks file it serves,
   * relative to the project, which the agent itself never reads. Absent: the agent takes no http hooks.
   */
  readonly httpServe?: { readonly servedFile: string };
  /** The agent's executable, where `hookctl test --agent` can drive it. */
  readonly agentBinary?: string;
  /** What `hookctl replay` reads, where the agent keeps session records: `transcripts ($X or ~/.x, projects/<project>/)`. */
  readonly sessionRecords?: string;
  /** `trust --project` also records the agent's own trust of the project (its words for it). */
  readonly projectTrust?: string;
  /**
   * What untrusting a hook does in this agent, as one sentence, where it is not what the word
   * promises (Gemini CLI still runs an untrusted project hook and only announces it again):
   * `untrust --help` quotes it and `hookctl untrust` prints it after acting. Absent: untrusted hooks
   * stop running until they are reviewed again.
   */
  readonly untrustEffect?: string;
}

/** A hook config file's place, relative to the directory that holds it (its anchor). */
export interface RepositoryFile {
  /**
   * `/`-separated path below the anchor: `.openinterpreter/hooks.json`. A `*` stands for any run of
   * characters within one name (`.claude/agents/*.md`); nothing else is special.
   */
  readonly path: string;
  /**
   * Files of which one must exist below the same anchor for a match to count, where the path alone
   * is too common to claim (`hooks/hooks.json` is a plugin's only beside `.claude-plugin/plugin.json`).
   */
  readonly markers?: readonly string[];
  /**
   * A file hookctl reads for the agent but the agent itself never does (claude's
   * `.claude/hookctl-served.json`): linted, never named as a file the agent reads.
   */
  readonly hookctlOnly?: boolean;
}

export interface EventSpec {
  readonly name: string;
  /** One-line description of when the event fires. */
  readonly summary: string;
  /** Payload field matchers are tested against; null when the event ignores matchers. */
  readonly matcherField: string | null;
  /** The closed set of values the matcher field can take (SessionStart sources…), else null. */
  readonly closedTargets: readonly string[] | null;
  /**
   * How the matcher field's value becomes the matcher target: `basename` tests matchers against the
   * last path segment (claude FileChanged matches `.envrc`, not `/repo/.envrc`). Absent: the value itself.
   */
  readonly matcherTransform?: 'basename';
  readonly asyncAllowed: boolean;
  /** Host in-process hooks may be registered on this event. */
  readonly inProcessAllowed: boolean;
  /**
   * The hook guards an action (a tool call, a prompt, a permission request), and how it refuses it:
   * `exit-2` — exit 2 with the reason on stderr keeps the action from happening (a guard that cannot
   * read its payload must then exit 2, so the sh scaffold refuses naming the program it lacks);
   * `decision` — only a decision in its JSON output does (claude PermissionRequest ignores exit 2).
   * The dialect's one guard-event fact: its guard sets and the concordance's exit-2 refusals derive
   * from it. Absent: the event guards nothing.
   */
  readonly guard?: 'exit-2' | 'decision';
}

/** The events of a catalogue whose exit 2 refuses the action they guard (`guard: 'exit-2'`). */
export function exitTwoGuards(events: readonly EventSpec[]): ReadonlySet<string> {
  return new Set(events.filter((event) => event.guard === 'exit-2').map((event) => event.name));
}

/**
 * The canonical tools of the concordance: plain words for the work agents give tools for, which no
 * agent's hooks see as a tool name: run a shell command, change part of a file, write a whole file,
 * read a file, find files, search their contents, list a directory, fetch a URL, search the web,
 * start a subagent, keep a todo list, apply a patch.
 */
export const CANONICAL_TOOLS = [
  'shell',
  'edit',
  'write',
  'read',
  'glob',
  'grep',
  'list',
  'fetch',
  'search',
  'agent',
  'todo',
  'patch',
] as const;
export type CanonicalTool = (typeof CANONICAL_TOOLS)[number];

/**
 * One agent's row of the cross-agent concordance: its own names only. Canonical events are Claude
 * Code's event names (`PreToolUse`, `UserPromptSubmit`, `Stop`…, the vocabulary every row maps
 * from); canonical tools are `CANONICAL_TOOLS`.
 */
export interface DialectConcordance {
  /** The agent as hints name it (`Codex`). Absent: the manifest's `agentName`, else the dialect id. */
  readonly agent?: string;
  /**
   * This row's names are the canonical event names (Claude Code's): where agents share a name,
   * hints attribute it to this row first.
   */
  readonly canonical?: true;
  /** Canonical event → this agent's event name, where the two are the same event. */
  readonly events: Readonly<Record<string, string>>;
  /**
   * Canonical events this agent has no event for, and its event a config should use instead (what
   * its own migration does: Gemini CLI moves SubagentStop hooks to AfterAgent). Hints only: a case
   * is never translated through them.
   */
  readonly movedEvents?: Readonly<Record<string, string>>;
  /**
   * Canonical tool → the `tool_name`s this agent's hooks see for that work, the one its payloads
   * carry first (Codex sends `apply_patch`, and its matchers also take `Edit` and `Write`).
   */
  readonly tools: Readonly<Partial<Record<CanonicalTool, string | readonly string[]>>>;
  /**
   * Names configs written for this agent carry although its hooks never see them (an older
   * version's tool, the model's name for one), each with the canonical tool and, where it is not
   * the agent itself, whom a hint names: other agents' lint says whose the name is and what they
   * call it; this agent's own lint says so too unless its `toolNames` knows the name (legacy, removed).
   */
  readonly otherNames?: Readonly<Record<string, { readonly tool: CanonicalTool; readonly who?: string }>>;
  /**
   * Canonical tool → the `tool_input` field holding what a guard reads (`command`, `file_path`): the
   * tools a case can be translated through and a multi-agent guard reads. Absent: the agent's
   * payloads are not shaped for that (no case translation, no multi-agent guard).
   */
  readonly inputs?: Readonly<Partial<Record<CanonicalTool, string>>>;
  /**
   * A payload field that tells this agent's payloads from those of agents using the same event
   * names (Codex sends `turn_id`, Claude Code does not); absent where the event name alone tells.
   */
  readonly marker?: string;
}

/** The names a row gives a canonical tool, the one its payloads carry first. */
export function toolNamesOf(row: DialectConcordance, tool: CanonicalTool): readonly string[] {
  const names = row.tools[tool];
  return names === undefined ? [] : typeof names === 'string' ? [names] : names;
}

/** The tools a case can be translated through and a multi-agent guard reads: canonical → the `tool_name` payloads carry. */
export function guardTools(row: DialectConcordance): Record<string, string> {
  return Object.fromEntries(
    Object.keys(row.inputs ?? {}).flatMap((tool) => {
      const name = toolNamesOf(row, tool as CanonicalTool)[0];
      return name === undefined ? [] : [[tool, name]];
    }),
  );
}

/** The variable that moves the dialect's user config directory (DialectManifest.userConfigDirEnv), if any. */
export function userConfigDirVariable(manifest: Pick<DialectManifest, 'userConfigDirEnv'>): string | undefined {
  const moved = manifest.userConfigDirEnv;
  return typeof moved === 'string' ? moved : moved?.name;
}

/** The user config directory that variable names in `env`, resolved; undefined where it is unset or blank. */
export function movedUserConfigDir(
  manifest: Pick<DialectManifest, 'userConfigDirEnv'>,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const name = userConfigDirVariable(manifest);
  const value = name === undefined ? undefined : env[name];
  if (value === undefined || value.trim() === '') return undefined;
  const moved = manifest.userConfigDirEnv;
  return typeof moved === 'object' ? resolve(value, moved.below) : resolve(value);
}
