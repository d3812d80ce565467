import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { handlerScript } from '../../config/handler-script.js';
import { didYouMean, didYouMeanSuffix } from '../../util/did-you-mean.js';
import { probeRegularFile } from '../../util/regular-file.js';
import { memoize } from '../memoize.js';
import { ruleMeta, type Rule } from '../rule.js';

/** A hook whose script is missing fails on every run (or, worse, at the moment it should block). */
export const missingScript: Rule = {
  meta: ruleMeta('missing-script', 'error', 'the command runs a script that does not exist'),
  atLoad: false,
  check({ checked, projectDir, report }) {
    // Only a script that is not there at all: anything else at the path is unreadable-script's.
    const missing = memoize((path: string) => {
      const probe = probeRegularFile(path);
      return probe.kind === 'problem' && probe.missing;
    });
    const siblingOf = memoize(siblingLike);
    for (const handler of checked.declarations.handlers) {
      const script = handlerScript(checked.file, handler.node, projectDir);
      if (script === null || !missing(script.path)) continue;
      const suggestion = siblingOf(script.path);
      report({
        message:
          `the command runs "${script.written}", which does not exist (looked for ${script.path})` +
          didYouMeanSuffix(suggestion === null ? null : join(dirname(script.written), suggestion)),
        pos: script.pos,
      });
    }
  },
};

/** A file next to the missing one with a nearby name (`gaurd.sh` → `guard.sh`). */
function siblingLike(path: string): string | null {
  try {
    return didYouMean(basename(path), readdirSync(dirname(path)));
  } catch {
    return null;
  }
}
