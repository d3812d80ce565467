import type { DialectRules } from '../../../config/rule.js';

/**
 * Gemini CLI has no lint rule of its own; what it registers is which core rule does not hold for it.
 * It knows no `async` key (@google/gemini-cli-core 0.61.0 reads none; test/conformance/gemini,
 * "async-key-ignored"): an `async: true` hook runs like any other, so `async-not-allowed`, which
 * drops such a hook where the agent refuses it, would drop a hook Gemini runs. `unknown-key` already
 * says the key is ignored.
 */
export const rules: DialectRules = {
  atLoad: [],
  all: async () => [],
  replaces: ['async-not-allowed'],
};
