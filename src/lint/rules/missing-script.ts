import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { handlerScript } from '../../config/handler-script.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { probeRegularFile } from '../../util/regular-file.js';
import { memoize } from '../memoize.js';
import { createRule } from '../rule.js';

const MISSING = 'the command runs "{{script}}", which does not exist (looked for {{path}})';

/** A hook whose script is missing fails on every run (or, worse, at the moment it should block). */
export const missingScript = createRule({
  id: 'missing-script',
  severity: 'error',
  description: 'the command runs a script that does not exist',
  atLoad: false,
  messages: {
    // {{script}} as written in the command, {{path}} resolved; {{suggestion}} a sibling with a nearby name.
    missing: MISSING,
    missingDidYouMean: `${MISSING}; did you mean "{{suggestion}}"?`,
  },
  check({ checked, projectDir, showPath, report }) {
    // Only a script that is not there at all: anything else at the path is unreadable-script's.
    const missing = memoize((path: string) => {
      const probe = probeRegularFile(path);
      return probe.kind === 'problem' && probe.missing;
    });
    const siblingOf = memoize(siblingLike);
    for (const handler of checked.declarations.handlers) {
      const script = handlerScript(checked.file, handler.node, projectDir);
      if (script === null || !missing(script.path)) continue;
      const data = { script: script.written, path: showPath(script.path) };
      const sibling = siblingOf(script.path);
      if (sibling === null) report({ messageId: 'missing', data, pos: script.pos });
      else {
        const suggestion = join(dirname(script.written), sibling);
        report({ messageId: 'missingDidYouMean', data: { ...data, suggestion }, pos: script.pos });
      }
    }
  },
});

/** A file next to the missing one with a nearby name (`gaurd.sh` → `guard.sh`). */
function siblingLike(path: string): string | null {
  try {
    return didYouMean(basename(path), readdirSync(dirname(path)));
  } catch {
    return null;
  }
}
