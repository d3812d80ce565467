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
}
