import type { Rule } from '../../../config/rule.js';
import { execCommandHasSpaces } from './exec-command-has-spaces.js';
import { fieldIgnored } from './field-ignored.js';
import { guardFailsOpen } from './guard-fails-open.js';
import { handlerTypeNotAllowed } from './handler-type-not-allowed.js';
import { hooksSwitch } from './hooks-switch.js';
import { httpEnvAllowed } from './http-env-allowed.js';
import { httpRequestRefused } from './http-request-refused.js';
import { ifGuardBypassable } from './if-guard-bypassable.js';
import { ifNotEvaluated } from './if-not-evaluated.js';
import { managedPolicyUnreadable } from './managed-policy-unreadable.js';
import { permissionAnswerRace } from './permission-answer-race.js';
import { shellFormPlaceholder } from './shell-form-placeholder.js';
import { urlNotAllowed } from './url-not-allowed.js';
import { watchListPattern } from './watch-list-pattern.js';

/** Every claude rule, lint-only ones included, in the order of the rule table (docs/rules/README.md). */
export const ALL_RULES: readonly Rule[] = [
  watchListPattern,
  ifNotEvaluated,
  ifGuardBypassable,
  guardFailsOpen,
  permissionAnswerRace,
  handlerTypeNotAllowed,
  fieldIgnored,
  execCommandHasSpaces,
  shellFormPlaceholder,
  urlNotAllowed,
  httpRequestRefused,
  httpEnvAllowed,
  hooksSwitch,
  managedPolicyUnreadable,
];
