import { join, resolve } from 'node:path';
import type { LayerDeclaration, ListingLayer } from '../../config/load-declaration.js';
import type { LoadContext } from '../../kit/index.js';

/** The two hook directories: `<cwd>/.github/hooks` (never a parent's) and `$COPILOT_HOME/hooks` (default `~/.copilot/hooks`). */
export function copilotHookDirs(context: Pick<LoadContext, 'cwd' | 'home' | 'env'>): { project: string; user: string } {
  const cwd = resolve(context.cwd);
  const home = context.env.COPILOT_HOME ? resolve(cwd, context.env.COPILOT_HOME) : join(context.home, '.copilot');
  return { project: join(cwd, '.github', 'hooks'), user: join(home, 'hooks') };
}

/**
 * Copilot CLI 1.0.102 runs a directory's files in descending code-unit order of their names
 * (`b.json` before `a.json`, `_x` before `C`, `2` before `10`: test/agents/copilot).
 */
const HOOKS_JSON = { format: 'json', role: 'hooks-file', suffix: '.json', order: 'descending' } as const satisfies Partial<ListingLayer>;

/**
 * Every `*.json` of both hook directories, the user's first (test/agents/copilot/process.test.ts):
 * `$COPILOT_HOME/hooks`, then the session directory's own `.github/hooks` (from a subdirectory of a
 * repository the root's is not read). Repository hooks load only in a trusted folder (trust.ts).
 */
export const LAYERS: LayerDeclaration = {
  layers: [
    { kind: 'listing', source: 'user', ...HOOKS_JSON, dir: (context) => copilotHookDirs(context).user },
    { kind: 'listing', source: 'project', ...HOOKS_JSON, dir: (context) => copilotHookDirs(context).project },
  ],
  // A file named on the command line is read as JSON whatever its name, as Copilot would read it.
  format: 'json',
};
