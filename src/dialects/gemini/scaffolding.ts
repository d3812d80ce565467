import type { DialectScaffolding } from '../../kit/index.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { geminiExamples } from './examples.js';

/**
 * `--register` edits the workspace `.gemini/settings.json` by a minimal text insertion, keeping every
 * other setting, comments included (Gemini CLI reads settings with comments allowed). Gemini hooks
 * have no `id` field.
 */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.gemini/settings.json',
  register: (text, file, entry) => registerInGroupsJson(text, file, entry, { writeId: false, strict: false }),
  examples: geminiExamples,
  // hookRunner.ts replaces $GEMINI_PROJECT_DIR in the command with the project dir before the shell runs.
  scriptReference: {
    wrap: (path) => `"$GEMINI_PROJECT_DIR"/${path}`,
    note: 'Gemini CLI replaces $GEMINI_PROJECT_DIR with the project dir before the shell runs the command',
  },
};
