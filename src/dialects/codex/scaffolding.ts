import type { DialectScaffolding } from '../../kit/index.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { codexExamples } from './examples.js';

/** `--register` edits the project `.codex/hooks.json`; Codex names hooks by position, so no `id` is written. */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.codex/hooks.json',
  register: (text, file, entry) => registerInGroupsJson(text, file, entry, { writeId: false }),
  examples: codexExamples,
};
