/** Session flag values by flag name (LoadContext.session). */
export type SessionValues = Readonly<Record<string, string | readonly string[]>>;

/** The value of a single-valued session flag, or undefined when it was not given. */
export function sessionValue(context: LoadContext, name: string): string | undefined {
  const value = context.session?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The values of a repeatable session flag, in the order given; empty when it was not given. */
export function sessionValues(context: LoadContext, name: string): readonly string[] {
  const value = context.session?.[name];
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
}

/** Where a dialect looks for its config layers: the project, the user's home, the agent's environment. */
export interface LoadContext {
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  managedConfigPath?: string;
  /**
   * Untrusted hooks will run (`--dangerously-bypass-hook-trust`). A dialect whose load policy
   * depends on what would run (octo: errors in an untrusted project file are not fatal) reads it.
   */
  bypassTrust?: boolean;
  /**
   * The values of the dialect's session flags (DialectCliFacts.sessionFlags), by flag name: a string,
   * or a list for a repeatable flag (claude `settings`, `plugin-dir`; codex `config`). A flag not given
   * is absent. Each dialect's layers read their own; no other code names one.
   */
  session?: SessionValues;
  /**
   * Load only the hooks `hookctl serve --http` serves (claude: `.claude/hookctl-served.json`, a
   * file Claude Code never reads), instead of the layers the agent runs itself (docs/serve.md,
   * "Over HTTP"). Dialects without served hooks ignore it.
   */
  served?: boolean;
  /**
   * The shell hooks run with, for dialects whose agent runs hooks in the user's shell (codex): a
   * program on PATH or an absolute path, started as `<shell> -c <command>`. Absent: the dialect's
   * own choice. Dialects that always use `sh -c` ignore it.
   */
  shell?: string;
  /**
   * Whether the folder's workspace trust is checked (`check`, the default) or taken as given
   * (`assume`: the agent runs headless, where no trust dialog is shown). Dialects without a
   * workspace trust ignore it.
   */
  workspaceTrust?: 'check' | 'assume';
  /**
   * The load is for dispatch only (the engine: run, serve, dry-run, test): hooks that are listed but
   * never dispatched (LoadedConfig.listedOnly) need not be discovered or read, so their number costs
   * a dispatch nothing. `list`, `lint` and trust load without it and see them.
   */
  dispatchOnly?: boolean;
}
