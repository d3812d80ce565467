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
   * A settings layer given for this session only: a file path or inline JSON text (claude
   * `--settings`). Dialects without such a layer ignore it.
   */
  settingsFlag?: string;
  /** Plugin directories loaded for this session only (claude `--plugin-dir`, repeatable). */
  pluginDirs?: readonly string[];
  /**
   * Load only the hooks `hookctl serve --http` serves (claude: `.claude/hookctl-served.json`, a
   * file Claude Code never reads), instead of the layers the agent runs itself (docs/serve.md,
   * "Over HTTP"). Dialects without served hooks ignore it.
   */
  served?: boolean;
  /**
   * Config overrides for this session only, `key=value` each, in order (codex `-c`/`--config`):
   * a layer of its own. Dialects without such a layer ignore them.
   */
  configOverrides?: readonly string[];
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
