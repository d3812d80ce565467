import type { Rule } from '../rule.js';
import { asyncNotAllowed } from './async-not-allowed.js';
import { bothRepresentations } from './both-representations.js';
import { duplicateId } from './duplicate-id.js';
import { duplicateKey } from './duplicate-key.js';
import { emptyCommand } from './empty-command.js';
import { featuresDisabled } from './features-disabled.js';
import { invalidMatcher } from './invalid-matcher.js';
import { invalidTimeout } from './invalid-timeout.js';
import { invalidValue } from './invalid-value.js';
import { matcherIgnored } from './matcher-ignored.js';
import { matcherNeverMatches } from './matcher-never-matches.js';
import { mcpMatcherWithoutTool } from './mcp-matcher-without-tool.js';
import { parseError } from './parse-error.js';
import { pluginDiscovery } from './plugin-discovery.js';
import { timeoutCapped } from './timeout-capped.js';
import { timeoutSuspicious } from './timeout-suspicious.js';
import { timeoutTooLarge } from './timeout-too-large.js';
import { toolMatcherNeverMatches } from './tool-matcher-never-matches.js';
import { unknownEvent } from './unknown-event.js';
import { unknownKey } from './unknown-key.js';
import { unreadFile } from './unread-file.js';
import { unsupportedHandlerType } from './unsupported-handler-type.js';
import { untrustedProject } from './untrusted-project.js';

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
  asyncNotAllowed,
  invalidTimeout,
  timeoutCapped,
  timeoutSuspicious,
  timeoutTooLarge,
  bothRepresentations,
  duplicateKey,
  duplicateId,
  unsupportedHandlerType,
  featuresDisabled,
  pluginDiscovery,
  unreadFile,
  untrustedProject,
];
