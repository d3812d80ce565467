import type { DialectScaffolding } from '../../kit/index.js';
import { GIT_ROOT_REFERENCE } from '../../scaffold/git-root-reference.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { codexExamples } from './examples.js';

/** `--register` edits the project `.codex/hooks.json`; Codex names hooks by position, so no `id` is written. */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.codex/hooks.json',
  register: (text, file, entry) => registerInGroupsJson(text, file, entry, { writeId: false }),
  examples: codexExamples,
  // Hooks run in the turn's cwd, which follows `cd`, and the agent sets no project-dir variable.
  scriptReference: GIT_ROOT_REFERENCE,
};
