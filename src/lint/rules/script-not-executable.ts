import { handlerScript } from '../../config/handler-script.js';
import { probeRegularFile } from '../../util/regular-file.js';
import { memoize } from '../memoize.js';
import { createRule } from '../rule.js';

/** `./guard.sh` without the execute bit fails with "permission denied" on every run. */
export const scriptNotExecutable = createRule({
  id: 'script-not-executable',
  severity: 'warning',
  description: 'the command runs a script directly that lacks the execute bit',
  atLoad: false,
  messages: {
    // {{script}} as written in the command.
    notExecutable:
      '"{{script}}" is not executable, so running it fails with "permission denied"; ' +
      'run chmod +x {{script}} (or call it through its interpreter, e.g. sh {{script}})',
  },
  check({ checked, projectDir, report }) {
    const lacksExecuteBit = memoize(isNonExecutableFile);
    for (const handler of checked.declarations.handlers) {
      const script = handlerScript(checked.file, handler.node, projectDir);
      if (script === null || !script.direct || !lacksExecuteBit(script.path)) continue;
      report({ messageId: 'notExecutable', data: { script: script.written }, pos: script.pos });
    }
  },
});

function isNonExecutableFile(path: string): boolean {
  const probe = probeRegularFile(path);
  return probe.kind === 'file' && (probe.stats.mode & 0o111) === 0;
}
