import type { Rule } from '../rule.js';
import { asyncNotAllowed } from './async-not-allowed.js';
import { asyncRunsSync } from './async-runs-sync.js';
import { bothRepresentations } from './both-representations.js';
import { duplicateId } from './duplicate-id.js';
import { duplicateKey } from './duplicate-key.js';
import { emptyCommand } from './empty-command.js';
import { execCommandHasSpaces } from './exec-command-has-spaces.js';
import { featuresDisabled } from './features-disabled.js';
import { fieldIgnored } from './field-ignored.js';
import { handlerTypeNotAllowed } from './handler-type-not-allowed.js';
import { hooksSwitch } from './hooks-switch.js';
import { ifNotEvaluated } from './if-not-evaluated.js';
import { invalidMatcher } from './invalid-matcher.js';
import { invalidTimeout } from './invalid-timeout.js';
import { invalidValue } from './invalid-value.js';
import { matcherIgnored } from './matcher-ignored.js';
import { matcherNeverMatches } from './matcher-never-matches.js';
import { mcpMatcherWithoutTool } from './mcp-matcher-without-tool.js';
import { parseError } from './parse-error.js';
import { pluginDiscovery } from './plugin-discovery.js';
import { shellFormPlaceholder } from './shell-form-placeholder.js';
import { timeoutCapped } from './timeout-capped.js';
import { timeoutSuspicious } from './timeout-suspicious.js';
import { timeoutTooLarge } from './timeout-too-large.js';
import { toolMatcherNeverMatches } from './tool-matcher-never-matches.js';
import { unknownEvent } from './unknown-event.js';
import { unknownKey } from './unknown-key.js';
import { unreadFile } from './unread-file.js';
import { unsupportedHandlerType } from './unsupported-handler-type.js';
import { untrustedProject } from './untrusted-project.js';
import { watchListPattern } from './watch-list-pattern.js';

/**
 * The rules the runtime loader applies (everything but file-system and speed advice), in the order
 * of RULES. A module of their own so that loading config for a dispatch imports no other rule
 * (test/lint/load-rules.test.ts keeps it equal to RULES.filter(atLoad)). The loaders import it
 * when they analyse files, not with their module: a `run` whose compiled config is cached analyses none.
 */
export const LOAD_RULES: readonly Rule[] = [
  parseError,
  unknownEvent,
  unknownKey,
  invalidValue,
  emptyCommand,
  invalidMatcher,
  matcherIgnored,
  matcherNeverMatches,
  toolMatcherNeverMatches,
  mcpMatcherWithoutTool,
  watchListPattern,
  ifNotEvaluated,
  asyncNotAllowed,
  asyncRunsSync,
  invalidTimeout,
  timeoutCapped,
  timeoutSuspicious,
  timeoutTooLarge,
  bothRepresentations,
  duplicateKey,
  duplicateId,
  unsupportedHandlerType,
  handlerTypeNotAllowed,
  fieldIgnored,
  execCommandHasSpaces,
  shellFormPlaceholder,
  featuresDisabled,
  hooksSwitch,
  pluginDiscovery,
  unreadFile,
  untrustedProject,
];
