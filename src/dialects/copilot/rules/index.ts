import type { DialectRules } from '../../../config/rule.js';

/**
 * The lint rules only Copilot CLI needs (docs/rules/ has their pages, test/dialects/copilot/rules/
 * their tables): an entry's working directory, and the mistakes its docs invite (issue 42). All read
 * the file system, hook code or several files, so all are lint-only, imported when lint runs
 * (all-rules.ts), never by a `run`.
 */
export const rules: DialectRules = {
  atLoad: [],
  all: async () => (await import('./all-rules.js')).ALL_RULES,
};
