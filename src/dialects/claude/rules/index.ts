import type { DialectRules } from '../../../config/rule.js';
import { urlNotAllowed } from './url-not-allowed.js';

/**
 * The lint rules only Claude Code needs (docs/rules/ has their pages, test/dialects/claude/rules/
 * their tables): registered with the dialect through its config spec, run after the core rules.
 * The lint-only ones (lint-only.ts) are imported when lint runs, never by a hook's `run`.
 */
const atLoad = [urlNotAllowed];

export const rules: DialectRules = {
  atLoad,
  all: async () => [...atLoad],
};
