import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { ruleMeta, type Rule } from '../rule.js';

/**
 * A config file where the agent never looks, such as `.octo/hooks.yaml` (octo reads only
 * `hooks.yml`): its hooks silently never run. Discovery lists such files with the role `unread`,
 * naming the file the agent reads instead.
 */
export const unreadFile: Rule = {
  meta: ruleMeta('unread-file', 'warning', 'a config file the agent never reads (octo hooks.yaml)'),
  atLoad: true,
  check({ spec, checked, report }) {
    const { file } = checked;
    if (file.role !== 'unread') return;
    const read = file.readInstead;
    const advice = read === undefined ? '' : existsSync(read) ? `; it reads ${basename(read)} beside it, so move these hooks there` : `; rename it to ${basename(read)}`;
    report({ message: `${spec.dialect} never reads ${basename(file.parsed.path)}, so nothing in it runs${advice}`, pos: { line: 1, column: 1 } });
  },
};
