import type { DialectScaffolding } from '../../kit/index.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { claudeExamples } from './examples.js';
import { CLAUDE_EVENTS, ON_FAILURE_IGNORED } from './events.js';
import { SERVED_HOOKS_FILE, servedSettingsEntries } from './served-registration.js';

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
  // `scaffold --register --http` (docs/serve.md, "Over HTTP"): the hook in the served file, an http handler in settings.
  served: { file: SERVED_HOOKS_FILE, settingsEntries: servedSettingsEntries },
  // Claude Code 2.1.295+: a failed or timed-out hook blocks (test/agents/claude onFailure cases). Honoured
  // on every event but Stop, SubagentStop, TaskCompleted and TeammateIdle; it matters on the guard events.
  failClosed: {
    field: 'onFailure',
    value: 'block',
    events: new Set(CLAUDE_EVENTS.map((event) => event.name).filter((name) => !ON_FAILURE_IGNORED.has(name))),
  },
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
