import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { createRule } from '../rule.js';

/**
 * A config file where the agent never looks, such as `.octo/hooks.yaml` (octo reads only
 * `hooks.yml`): its hooks silently never run. Discovery lists such files with the role `unread`,
 * naming the file the agent reads instead.
 */
export const unreadFile = createRule({
  id: 'unread-file',
  severity: 'error',
  // Issue 39: the hook silently never runs, an error in lint; the agent skips it, so loading config warns.
  loadSeverity: 'warning',
  description:
    "a config file the agent never reads (octo hooks.yaml; a codex worktree's own hooks.json, " +
    "or a codex plugin's when its manifest names others)",
  atLoad: true,
  messages: {
    // {{dialect}} never reads {{file}}; {{read}} is the name it reads instead.
    renameIt: '{{dialect}} never reads {{file}}, so nothing in it runs; rename it to {{read}}',
    moveHooks: '{{dialect}} never reads {{file}}, so nothing in it runs; it reads {{read}} beside it, so move these hooks there',
    // The same name in another directory: codex reads a linked git worktree's hooks from the root checkout.
    readElsewhere: '{{dialect}} never reads this {{file}}, so nothing in it runs: in this linked git worktree it reads {{read}} instead',
    // A codex plugin's hooks/hooks.json when its manifest's `hooks` names other files or holds hooks inline.
    manifestNames:
      '{{dialect}} never reads {{file}}, so nothing in it runs: the "hooks" of {{read}} takes its place ' +
      '(it is read only when the manifest names no hooks); name it there, or move its hooks',
  },
  check({ spec, checked, report, showPath }) {
    const { file } = checked;
    if (file.role !== 'unread' || file.readInstead === undefined) return;
    const pos = { line: 1, column: 1 };
    if (file.role === 'unread' && file.plugin !== null && file.readInstead.endsWith('plugin.json')) {
      report({
        messageId: 'manifestNames',
        // The file as named inside its plugin (its directory and name), not the dialect's default spelled out.
        data: {
          dialect: spec.dialect,
          file: `${basename(dirname(file.parsed.path))}/${basename(file.parsed.path)}`,
          read: showPath(file.readInstead),
        },
        pos,
      });
      return;
    }
    if (basename(file.parsed.path) === basename(file.readInstead)) {
      report({
        messageId: 'readElsewhere',
        data: { dialect: spec.dialect, file: basename(file.parsed.path), read: file.readInstead },
        pos,
      });
      return;
    }
    const data = { dialect: spec.dialect, file: basename(file.parsed.path), read: basename(file.readInstead) };
    report({ messageId: existsSync(file.readInstead) ? 'moveHooks' : 'renameIt', data, pos });
  },
});
