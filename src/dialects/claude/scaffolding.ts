import type { DialectScaffolding } from '../../kit/index.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { claudeExamples } from './examples.js';

/**
 * `--register` edits `.claude/settings.json`. A first version for the dialect object: the
 * scaffolding work (claude-authoring) owns this file and its settings-preserving editor.
 */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.claude/settings.json',
  register: (text, file, entry) => registerInGroupsJson(text, file, entry, { writeId: false }),
  examples: claudeExamples,
};
