import type { DialectRules } from '../../../config/rule.js';
import { asyncRunsSync } from './async-runs-sync.js';

/**
 * The lint rules only Codex needs (docs/rules/ has their pages, test/dialects/codex/rules/ their
 * tables), registered with the dialect through its config spec and run after the core rules. This
 * one runs at load too; all-rules.ts adds the lint-only ones, imported when lint runs, never by a `run`.
 */
const atLoad = [asyncRunsSync];

export const rules: DialectRules = {
  atLoad,
  all: async () => (await import('./all-rules.js')).ALL_RULES,
  // Codex runs such a hook synchronously with a warning (async-runs-sync) instead of refusing it.
  replaces: ['async-not-allowed'],
};
