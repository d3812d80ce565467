import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { createRule, type RuleContext } from '../rule.js';

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
    "or a codex plugin's when its manifest names others; another agent's file name in an agent's directory, " +
    'a plugin hooks file with no manifest beside it)',
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
    // Issue 39, a near miss in the agent's own config directory: {{reads}} the files it reads there.
    notReadHere: '{{dialect}} never reads {{file}}, so the hooks in it never run: {{dialect}} reads hooks from {{reads}}; move them there',
    // …and the name is another agent's: {{readers}} says whose, and where (`codex (.codex/hooks.json)`).
    otherAgentsName:
      '{{dialect}} never reads {{file}}, so the hooks in it never run: {{dialect}} reads hooks from {{reads}}; ' +
      '{{name}} is the name {{readers}} read{{s}} in {{their}} own directory',
    // A plugin's hooks file with no manifest beside it, whose events are one agent's.
    noManifest:
      'no agent loads {{file}}: {{dialect}} reads a plugin hooks file only beside {{manifest}}, and none is there; ' +
      "add the manifest (linted as {{dialect}}: its events are {{dialect}}'s)",
    // …whose events several agents have: not linted, as no one agent's.
    noManifestSeveral:
      'no agent loads {{file}}: {{manifests}} read a plugin hooks file only beside its manifest, and none is there; ' +
      'add the manifest of the agent it is for (not linted: its events are those of each)',
  },
  check({ spec, checked, report, showPath }) {
    const { file } = checked;
    if (file.role !== 'unread' || file.readInstead === undefined) return;
    if (file.nearMiss !== undefined) {
      reportNearMiss(file.nearMiss, showPath(file.parsed.path), spec.dialect, report);
      return;
    }
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

type Report = RuleContext['report'];

/** The issue 39 near misses: which file the agent reads instead, or which manifest is missing. */
function reportNearMiss(miss: NonNullable<ConfigFile['nearMiss']>, file: string, dialect: string, report: Report): void {
  const pos = { line: miss.pos.line, column: miss.pos.column };
  if (miss.manifests !== undefined) {
    if (miss.manifests.length === 1) {
      report({ messageId: 'noManifest', data: { file, dialect, manifest: miss.manifests[0]!.path }, pos, severity: 'warning' });
    } else {
      const manifests = miss.manifests.map(({ owner, path }) => `${owner} (${path})`).join(', ');
      report({ messageId: 'noManifestSeveral', data: { file, manifests }, pos, severity: 'warning' });
    }
    return;
  }
  const reads = (miss.reads ?? []).join(' or ');
  const readers = miss.otherReaders ?? [];
  if (readers.length === 0) {
    report({ messageId: 'notReadHere', data: { dialect, file, reads }, pos });
    return;
  }
  report({
    messageId: 'otherAgentsName',
    data: {
      dialect,
      file,
      reads,
      name: file.split('/').at(-1)!,
      readers: readers.map(({ owner, path }) => `${owner} (${path})`).join(' and '),
      s: readers.length === 1 ? 's' : '',
      their: readers.length === 1 ? 'its' : 'their',
    },
    pos,
  });
}
