import type { Rule } from '../rule.js';
import { agentVersionSince } from './agent-version-since.js';
import { asyncNotAllowed } from './async-not-allowed.js';
import { bothRepresentations } from './both-representations.js';
import { controlCharacter } from './control-character.js';
import { cwdRelativeScript } from './cwd-relative-script.js';
import { duplicateId } from './duplicate-id.js';
import { duplicateKey } from './duplicate-key.js';
import { emptyCommand } from './empty-command.js';
import { featuresDisabled } from './features-disabled.js';
import { fetchedAtRunTime } from './fetched-at-run-time.js';
import { invalidMatcher } from './invalid-matcher.js';
import { invalidTimeout } from './invalid-timeout.js';
import { invalidValue } from './invalid-value.js';
import { matcherBacktracking } from './matcher-backtracking.js';
import { matcherIgnored } from './matcher-ignored.js';
import { matcherNeverMatches } from './matcher-never-matches.js';
import { mcpMatcherWithoutTool } from './mcp-matcher-without-tool.js';
import { needsProgram } from './needs-program.js';
import { machineSpecificPath } from './machine-specific-path.js';
import { missingScript } from './missing-script.js';
import { outputIgnored } from './output-ignored.js';
import { parseError } from './parse-error.js';
import { pluginDiscovery } from './plugin-discovery.js';
import { scriptNotExecutable } from './script-not-executable.js';
import { slowLauncher } from './slow-launcher.js';
import { timeoutCapped } from './timeout-capped.js';
import { timeoutSuspicious } from './timeout-suspicious.js';
import { timeoutTooLarge } from './timeout-too-large.js';
import { toolMatcherNeverMatches } from './tool-matcher-never-matches.js';
import { unknownEvent } from './unknown-event.js';
import { unknownKey } from './unknown-key.js';
import { unsetVariable } from './unset-variable.js';
import { unreadableScript } from './unreadable-script.js';
import { unreadFile } from './unread-file.js';
import { unsupportedHandlerType } from './unsupported-handler-type.js';
import { untrustedProject } from './untrusted-project.js';

/** Every rule, in the order of the rule table (issue 3), duplicate-id beside duplicate-key. */
export const RULES: readonly Rule[] = [
  parseError,
  unknownEvent,
  agentVersionSince,
  unknownKey,
  invalidValue,
  emptyCommand,
  controlCharacter,
  invalidMatcher,
  matcherBacktracking,
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
  cwdRelativeScript,
  machineSpecificPath,
  missingScript,
  unreadableScript,
  scriptNotExecutable,
  slowLauncher,
  fetchedAtRunTime,
  needsProgram,
  outputIgnored,
  unsetVariable,
  unsupportedHandlerType,
  featuresDisabled,
  pluginDiscovery,
  unreadFile,
  untrustedProject,
];

export { LOAD_RULES } from './load-rules.js';
