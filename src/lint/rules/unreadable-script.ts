import { handlerScript } from '../../config/handler-script.js';
import { probeRegularFile } from '../../util/regular-file.js';
import { memoize } from '../memoize.js';
import { createRule } from '../rule.js';

/**
 * A command whose script exists but is no regular file hookctl (or the hook's interpreter) can
 * read: a symlink to a device or FIFO, a directory, a symlink loop, a dangling symlink, a mode-000
 * file, a path with a NUL byte or too long for the file system. The hook fails on every run, and in
 * a repository it is more likely an attack on the tools that read scripts than a mistake (SPEC 6.1.4).
 */
export const unreadableScript = createRule({
  id: 'unreadable-script',
  severity: 'error',
  description: 'the command runs a script that is not a readable regular file',
  atLoad: false,
  messages: {
    // {{script}} as written in the command; {{reason}} what is at the path instead.
    unreadable: 'the command runs "{{script}}", which can not be read: {{reason}}',
  },
  check({ checked, projectDir, report }) {
    const probe = memoize(probeRegularFile);
    for (const handler of checked.declarations.handlers) {
      const script = handlerScript(checked.file, handler.node, projectDir);
      if (script === null) continue;
      const found = probe(script.path);
      if (found.kind === 'file' || found.missing) continue;
      report({ messageId: 'unreadable', data: { script: script.written, reason: found.reason }, pos: script.pos });
    }
  },
});
