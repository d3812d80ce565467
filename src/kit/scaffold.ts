/** One command hook to add to a project's hook config. */
export interface RegistrationEntry {
  event: string;
  /** Null when the handler should match everything (no `matcher` key is written). */
  matcher: string | null;
  command: string;
  /**
   * The hook's stable identity (SPEC 2.2 `id`), written where the config has that field
   * (openinterpreter hooks.json); octo's hooks.yml has no `id`, so its editor leaves it out.
   */
  id: string;
  /**
   * More handler fields to write, in order (`--fail-closed`: the dialect's `failClosed` field, claude
   * `"onFailure": "block"`). Absent: none.
   */
  fields?: Readonly<Record<string, string>>;
  /**
   * The whole handler object to write instead of `{ type: "command", command }` (claude's http
   * handler of `scaffold --register --http`); it counts as registered when a handler of the event
   * already has the same `command`, or the same `url`.
   */
  handler?: Record<string, unknown>;
}

export interface RegisterEdit {
  status: 'created' | 'added' | 'already-registered';
  /** The file's new text (unchanged when already registered). */
  text: string;
}

/**
 * One thing a hook can do for an event, in the dialect's exact wire form: an exit code plus JSON on
 * stdout and/or a reason on stderr. Scaffolds render each as a commented-out block; tests check
 * every `stdout` against the event's output schema and run the blocks through the engine.
 */
export interface HookExample {
  /**
   * Stable marker id: `block`, `block-exit-2`, `allow`, `ask`, `defer`, `rewrite-input`, `context`,
   * `context-text`, `stop`, `warn`, or an event's own (`session-title`, `watch`, `worktree-path`…).
   */
  id: string;
  /** What uncommenting it does, one line. */
  title: string;
  exitCode: 0 | 2;
  stdout?: Record<string, unknown>;
  /**
   * Plain text on stdout instead of JSON, where the dialect reads it (claude: context on
   * SessionStart and UserPromptSubmit, the worktree path of WorktreeCreate). One line, printed with
   * a trailing newline; never set together with `stdout`.
   */
  stdoutText?: string;
  stderr?: string;
}

/** How `hookctl scaffold` writes and registers a hook for one dialect. */
export interface DialectScaffolding {
  /**
   * Where the agent takes hooks hookctl serves over HTTP (`scaffold --register --http`, claude):
   * the served hooks file the agent never reads, and the settings entries that send the event to
   * `hookctl serve --http` and start it. Absent: the agent has no http hooks hookctl serves.
   */
  readonly served?: {
    readonly file: string;
    settingsEntries(event: string, port: number): RegistrationEntry[];
  };
  /** The project config file `--register` edits, relative to the project dir (`/`-separated). */
  readonly projectConfigFile: string;
  /**
   * Adds the entry to that file's text (`text` null: the file does not exist yet), preserving every
   * other byte; throws RegisterError when the file cannot take it. Idempotent: an entry already
   * registered for the event is `already-registered` with the text unchanged.
   */
  register(text: string | null, file: string, entry: RegistrationEntry): RegisterEdit;
  /** What a hook can do for the event, in the dialect's exact wire form. */
  examples(event: string): HookExample[];
  /**
   * Where a hook that prints nothing is not a no-op for the agent (claude WorktreeCreate: no path
   * fails the worktree creation), the sentence that says so; the script's header carries it.
   */
  silentEffect?(event: string): string | null;
  /**
   * How the config command names the script, when a path relative to the cwd is not enough
   * (claude: hooks run in the session's cwd, which follows `cd`, so the command goes through
   * `"$CLAUDE_PROJECT_DIR"`), with the sentence that says so. Absent: the project-relative path.
   */
  readonly scriptReference?: { readonly wrap: (path: string, projectDir: string) => string; readonly note: string };
  /**
   * The handler field and value that make a failed or timed-out hook block the action
   * (`--fail-closed`; claude `"onFailure": "block"`), and the events where the agent honours it.
   * Absent: the agent has none, and `--fail-closed` is refused.
   */
  readonly failClosed?: { readonly field: string; readonly value: string; readonly events: ReadonlySet<string> };
}
