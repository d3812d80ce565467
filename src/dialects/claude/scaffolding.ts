import type { DialectScaffolding } from '../../kit/index.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { claudeExamples } from './examples.js';

/**
 * `--register` edits the project's `.claude/settings.json` by a minimal text insertion, keeping
 * every other setting, the key order and the formatting (SPEC-dialects 8.2). Claude handlers have
 * no `id`. Claude Code reads settings as strict JSON and drops a file with a comment or a trailing
 * comma whole (cc settings §Fix a broken settings file), so such a file is refused, not edited.
 */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.claude/settings.json',
  register: (text, file, entry) => registerInGroupsJson(text, file, entry, { writeId: false, strict: true }),
  examples: claudeExamples,
  // cc hooks §WorktreeCreate: the hook replaces Claude's git step; no path on stdout fails the creation.
  silentEffect: (event) =>
    event === 'WorktreeCreate'
      ? 'That FAILS the worktree creation: a WorktreeCreate hook replaces the git step ' +
        'and must print the new worktree path (see worktree-path).'
      : null,
  // cc hooks §Reference scripts by path: hooks run in the session's cwd, which follows `cd`.
  scriptReference: {
    wrap: (path) => `"$CLAUDE_PROJECT_DIR"/${path}`,
    note: 'the agent runs hooks in the session cwd, which follows cd; $CLAUDE_PROJECT_DIR is the project root',
  },
};
