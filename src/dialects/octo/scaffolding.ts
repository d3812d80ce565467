import type { DialectScaffolding } from '../../kit/index.js';
import { GIT_ROOT_REFERENCE } from '../../scaffold/git-root-reference.js';
import { octoExamples } from './examples.js';
import { registerInHooksYaml } from './register-yaml.js';

/** `--register` edits the project hooks.yml, which has no `id` field (SPEC 3.2). */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.octo/hooks.yml',
  register: registerInHooksYaml,
  examples: octoExamples,
  // Hooks run in the turn's cwd, which follows `cd`, and the agent sets no project-dir variable.
  scriptReference: GIT_ROOT_REFERENCE,
};
