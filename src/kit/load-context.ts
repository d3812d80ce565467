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
   * Whether the folder's workspace trust is checked (`check`, the default) or taken as given
   * (`assume`: the agent runs headless, where no trust dialog is shown). Dialects without a
   * workspace trust ignore it.
   */
  workspaceTrust?: 'check' | 'assume';
}
