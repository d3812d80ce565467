/**
 * The script reference for agents that set no project-dir variable (codex, openinterpreter, octo):
 * they run hooks in the session's cwd, which follows `cd`, so a project-relative path stops working
 * in a subdirectory (lint `cwd-relative-script`). The repository root git prints is where their
 * project config lives; missing-script and script-aware trust resolve the substitution.
 */
export const GIT_ROOT_REFERENCE = {
  wrap: (path: string): string => `"$(git rev-parse --show-toplevel)"/${path}`,
  note: 'the agent runs hooks in the session cwd, which follows cd, and sets no project-dir variable; git prints the project root',
} as const;
