import type { DialectScaffolding } from '../../kit/index.js';
import { copilotExamples } from './examples.js';
import { registerCopilotHook } from './register.js';

/**
 * `--register` writes the entry into `.github/hooks/hooks.json` with its command in `bash` (and
 * `powershell`), the fields Copilot CLI reads. Scaffolded scripts are referenced from the project
 * dir, which Copilot CLI passes as COPILOT_PROJECT_DIR.
 */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.github/hooks/hooks.json',
  register: registerCopilotHook,
  examples: copilotExamples,
  scriptReference: {
    wrap: (path) => `"$COPILOT_PROJECT_DIR"/${path}`,
    note: 'Copilot CLI sets COPILOT_PROJECT_DIR to the project dir for every hook',
  },
};
