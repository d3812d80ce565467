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
  /** Stable marker id: `block`, `block-exit-2`, `allow`, `ask`, `rewrite-input`, `context`, `stop`, `warn`. */
  id: string;
  /** What uncommenting it does, one line. */
  title: string;
  exitCode: 0 | 2;
  stdout?: Record<string, unknown>;
  stderr?: string;
}

/** How `hookctl scaffold` writes and registers a hook for one dialect. */
export interface DialectScaffolding {
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
}
