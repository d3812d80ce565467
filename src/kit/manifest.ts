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
   * files there instead.
   */
  readonly userConfigDirEnv?: string;
  /**
   * The user-level config directory below the home directory, where it is not `configDir`
   * (copilot: `.copilot/hooks`, while a project's is `.github/hooks`). Absent: `configDir`.
   */
  readonly userConfigDir?: string;
  /** The event catalogue, in the order docs, codegen and scaffolds list events. */
  readonly events: readonly EventSpec[];
  /**
   * The events a hook guards: its exit 2 keeps an action from happening (a tool call, a prompt). A
   * guard that cannot read its payload must not let the action through, so the sh scaffold of such
   * an event exits 2 naming the program it lacks instead of running as a no-op. Absent: none.
   */
  readonly guardEvents?: readonly string[];
  /**
   * What the CLI's help, examples and hints say about this dialect (`--managed`, `trust`, `enable`,
   * `--tool`, `test --agent`, `replay`…), so that they name every dialect from the registry instead
   * of by hand. Absent: the dialect is left out of those lists and examples.
   */
  readonly cli?: DialectCliFacts;
  /**
   * This agent's row of the cross-agent table (docs/testing.md, "One case, several agents"): which of
   * its events and tools stand for the canonical ones, so a case written for another agent can run
   * here and one guard can serve several agents. Absent: the dialect takes part in neither.
   */
  readonly concordance?: DialectConcordance;
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
  /** The session-only flags the agent itself has (`--settings`, `--plugin-dir`, `--config`), which hookctl mirrors. */
  readonly sessionFlags?: readonly ('settings' | 'plugin-dir' | 'config')[];
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
}

/**
 * One agent's row of the cross-agent table. Canonical names are Claude Code's events
 * (`PreToolUse`, `PostToolUse`, `UserPromptSubmit`, `SessionStart`, `Stop`) and plain tool words
 * (`shell`, `write`, `edit`, `read`, `patch`).
 */
export interface DialectConcordance {
  /** Canonical event → this agent's event name. */
  readonly events: Readonly<Record<string, string>>;
  /** Canonical tool → the `tool_name` this agent's payloads carry. */
  readonly tools: Readonly<Record<string, string>>;
  /** Canonical tool → the `tool_input` field holding what a guard reads (`command`, `file_path`). */
  readonly inputs: Readonly<Record<string, string>>;
  /**
   * A payload field that tells this agent's payloads from those of agents using the same event
   * names (Codex sends `turn_id`, Claude Code does not); absent where the event name alone tells.
   */
  readonly marker?: string;
  /** Canonical events on which exit 2 with the reason on stderr refuses the action (a guard's common deny). */
  readonly denyByExit2: readonly string[];
}
