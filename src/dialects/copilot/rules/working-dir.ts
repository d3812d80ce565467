import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { ConfigFile } from '../../../config/config-file.js';
import { setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';

/**
 * Copilot CLI 1.0.102 runs a hook in its entry's `cwd`, resolved against the project directory:
 * an absolute path or one through `..` runs it outside the project, and a directory that is not
 * there keeps the hook from starting, which Copilot takes as the hook failing (a preToolUse gate
 * denies the call, "hook errored"). Lint-only: whether the directory exists is this machine's fact.
 */
export const workingDir = createRule({
  id: 'working-dir',
  severity: 'error',
  description: "an entry's cwd that does not exist (the hook cannot start) or that leaves the project",
  atLoad: false,
  messages: {
    missing: '"cwd" names {{dir}}, which {{problem}}: Copilot CLI cannot start this hook and takes that as the hook failing{{effect}}',
    outside:
      '"cwd" runs this hook in {{dir}}, outside the project: Copilot CLI resolves it against the project directory ' +
      'and runs the hook there, which another checkout or machine may not have; name a directory inside the project',
  },
  check({ checked, projectDir, showPath, report }) {
    const base = projectOf(checked.file, projectDir);
    for (const handler of checked.declarations.handlers) {
      // Under an unknown event the hook never runs: unknown-event says so.
      if (handler.group.event.spec === null) continue;
      const entry = setField(handler.node, 'cwd');
      if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string' || entry.value.value === '') continue;
      const dir = resolve(base, entry.value.value);
      const pos = entry.value.pos;
      const problem = directoryProblem(dir);
      if (problem !== null) {
        // Where a failed start costs more than the hook: a guard event's gate denies what it matches (entry-cwd.test.ts).
        const effect = handler.group.event.spec.guard !== undefined ? ' (it denies every tool call the hook matches: "hook errored")' : '';
        report({ messageId: 'missing', data: { dir: showPath(dir), problem, effect }, pos });
      } else if (leaves(base, dir)) report({ messageId: 'outside', data: { dir: showPath(dir) }, pos, severity: 'warning' });
    }
  },
});

/** The project a file's hooks run in: the directory holding its `.github/hooks`, else (the user's hooks) the project dir. */
function projectOf(file: ConfigFile, projectDir: string): string {
  const layer = file.layer;
  const inRepository = file.source === 'project' && basename(layer) === 'hooks' && basename(dirname(layer)) === '.github';
  return inRepository ? dirname(dirname(layer)) : projectDir;
}

function directoryProblem(dir: string): string | null {
  try {
    return statSync(dir).isDirectory() ? null : 'is not a directory';
  } catch {
    return 'does not exist';
  }
}

function leaves(project: string, dir: string): boolean {
  const path = relative(project, dir);
  return path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path);
}
