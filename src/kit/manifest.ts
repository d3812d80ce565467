/**
 * A dialect's data, cheap to import: the registry, detection, path inference and codegen read it
 * without loading the dialect's loaders, validators or protocol.
 */
export interface DialectManifest {
  readonly id: string;
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
   * An environment variable that moves the user-level config directory (claude `CLAUDE_CONFIG_DIR`
   * replaces `~/.claude`); detection looks for the config files there instead.
   */
  readonly userConfigDirEnv?: string;
  /** The event catalogue, in the order docs, codegen and scaffolds list events. */
  readonly events: readonly EventSpec[];
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
