import type { DialectScaffolding } from '../../kit/index.js';
import { copilotExamples } from './examples.js';

/**
 * `--register` is not supported yet: a Copilot CLI hook entry names its command `bash`, not
 * `command`, which the shared JSON editor writes. Scaffolded scripts are referenced from the
 * project dir, which Copilot CLI passes as COPILOT_PROJECT_DIR.
 */
export const scaffolding: DialectScaffolding = {
  projectConfigFile: '.github/hooks/hooks.json',
  register: () => {
    throw new Error('hookctl scaffold --register does not edit GitHub Copilot CLI hooks files yet: add the entry by hand');
  },
  examples: copilotExamples,
  scriptReference: {
    wrap: (path) => `"$COPILOT_PROJECT_DIR"/${path}`,
    note: 'Copilot CLI sets COPILOT_PROJECT_DIR to the project dir for every hook',
  },
};
