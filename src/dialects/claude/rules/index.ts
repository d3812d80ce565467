import type { DialectRules } from '../../../config/rule.js';
import { execCommandHasSpaces } from './exec-command-has-spaces.js';
import { fieldIgnored } from './field-ignored.js';
import { handlerTypeNotAllowed } from './handler-type-not-allowed.js';
import { hooksSwitch } from './hooks-switch.js';
import { ifNotEvaluated } from './if-not-evaluated.js';
import { managedPolicyUnreadable } from './managed-policy-unreadable.js';
import { shellFormPlaceholder } from './shell-form-placeholder.js';
import { urlNotAllowed } from './url-not-allowed.js';
import { watchListPattern } from './watch-list-pattern.js';

/**
 * The lint rules only Claude Code needs (docs/rules/ has their pages, test/dialects/claude/rules/
 * their tables), registered with the dialect through its config spec and run after the core rules.
 * These run at load too; all-rules.ts adds the lint-only ones, imported when lint runs, never by a `run`.
 */
const atLoad = [
  watchListPattern,
  ifNotEvaluated,
  handlerTypeNotAllowed,
  fieldIgnored,
  execCommandHasSpaces,
  shellFormPlaceholder,
  urlNotAllowed,
  hooksSwitch,
  managedPolicyUnreadable,
];

export const rules: DialectRules = {
  atLoad,
  all: async () => (await import('./all-rules.js')).ALL_RULES,
};
