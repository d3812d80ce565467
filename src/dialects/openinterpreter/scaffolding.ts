import type { DialectScaffolding } from '../../kit/index.js';
import { GIT_ROOT_REFERENCE } from '../../scaffold/git-root-reference.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { openInterpreterExamples } from './examples.js';

/** `--register` edits the project hooks.json; handlers carry the scaffold's name as their `id` (SPEC 2.2). */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.openinterpreter/hooks.json',
  register: (text, file, entry) => registerInGroupsJson(text, file, entry, { writeId: true }),
  examples: openInterpreterExamples,
  // Hooks run in the turn's cwd, which follows `cd`, and the agent sets no project-dir variable.
  scriptReference: GIT_ROOT_REFERENCE,
};
