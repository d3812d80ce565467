import { handlerScript } from '../../config/handler-script.js';
import { probeRegularFile } from '../../util/regular-file.js';
import { memoize } from '../memoize.js';
import { ruleMeta, type Rule } from '../rule.js';

/**
 * A command whose script exists but is no regular file hookctl (or the hook's interpreter) can
 * read: a symlink to a device or FIFO, a directory, a symlink loop, a mode-000 file, a path with a
 * NUL byte or too long for the file system. The hook fails on every run, and in a repository it
 * is more likely an attack on the tools that read scripts than a mistake (SPEC 6.1.4).
 */
export const unreadableScript: Rule = {
  meta: ruleMeta('unreadable-script', 'error', 'the command runs a script that is not a readable regular file'),
  atLoad: false,
  check({ checked, projectDir, report }) {
    const probe = memoize(probeRegularFile);
    for (const handler of checked.declarations.handlers) {
      const script = handlerScript(checked.file, handler.node, projectDir);
      if (script === null) continue;
      const found = probe(script.path);
      if (found.kind === 'file' || found.missing) continue;
      report({ message: `the command runs ${JSON.stringify(script.written)}, which can not be read: ${found.reason}`, pos: script.pos });
    }
  },
};
