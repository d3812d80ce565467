import type { DialectScaffolding } from '../../kit/index.js';
import { octoExamples } from './examples.js';
import { registerInHooksYaml } from './register-yaml.js';

/** `--register` edits the project hooks.yml, which has no `id` field (SPEC 3.2). */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.octo/hooks.yml',
  register: registerInHooksYaml,
  examples: octoExamples,
};
