import { join, relative, sep } from 'node:path';
import { findGitRoot } from '../config/find-project-root.js';

/**
 * The script reference for agents that set no project-dir variable (codex, openinterpreter, octo):
 * they run hooks in the session's cwd, which follows `cd`, so a project-relative path stops working
 * in a subdirectory (lint `cwd-relative-script`). The repository root git prints is where their
 * project config lives; missing-script and script-aware trust resolve the substitution.
 */
export const GIT_ROOT_REFERENCE = {
  // From the git root: a project below it (packages/app/.octo) keeps its own prefix.
  wrap: (path: string, projectDir: string): string => {
    const root = findGitRoot(projectDir);
    const fromRoot = root === null ? path : relative(root, join(projectDir, path)).split(sep).join('/');
    return `"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/${fromRoot}`;
  },
  note: 'the agent runs hooks in the session cwd, which follows cd, and sets no project-dir variable; git prints the project root',
} as const;
