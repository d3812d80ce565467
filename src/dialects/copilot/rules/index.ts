import type { DialectRules } from '../../../config/rule.js';

/**
 * The lint rules only Copilot CLI needs (docs/rules/ has their pages, test/dialects/copilot/rules/
 * their tables), registered with the dialect through its config spec and run after the core rules.
 * None runs at load; all-rules.ts lists them, imported when lint runs, never by a `run`.
 */
export const rules: DialectRules = {
  atLoad: [],
  all: async () => (await import('./all-rules.js')).ALL_RULES,
};
