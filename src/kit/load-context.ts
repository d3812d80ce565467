/** Where a dialect looks for its config layers: the project, the user's home, the agent's environment. */
export interface LoadContext {
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  managedConfigPath?: string;
}
