import type { Rule } from '../rule.js';
import { asyncNotAllowed } from './async-not-allowed.js';
import { asyncRunsSync } from './async-runs-sync.js';
import { bothRepresentations } from './both-representations.js';
import { controlCharacter } from './control-character.js';
import { cwdRelativeScript } from './cwd-relative-script.js';
import { duplicateId } from './duplicate-id.js';
import { duplicateKey } from './duplicate-key.js';
import { emptyCommand } from './empty-command.js';
import { execCommandHasSpaces } from './exec-command-has-spaces.js';
import { featuresDisabled } from './features-disabled.js';
import { fetchedAtRunTime } from './fetched-at-run-time.js';
import { fieldIgnored } from './field-ignored.js';
import { guardFailsOpen } from './guard-fails-open.js';
import { handlerTypeNotAllowed } from './handler-type-not-allowed.js';
import { hooksSwitch } from './hooks-switch.js';
import { httpEnvAllowed } from './http-env-allowed.js';
import { httpRequestRefused } from './http-request-refused.js';
import { ifNotEvaluated } from './if-not-evaluated.js';
import { ifGuardBypassable } from './if-guard-bypassable.js';
import { hookModified } from './hook-modified.js';
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
import { permissionAnswerRace } from './permission-answer-race.js';
import { patchViaShell } from './patch-via-shell.js';
import { pluginDiscovery } from './plugin-discovery.js';
import { scriptNotExecutable } from './script-not-executable.js';
import { shellFormPlaceholder } from './shell-form-placeholder.js';
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
import { watchListPattern } from './watch-list-pattern.js';
import { untrustedProject } from './untrusted-project.js';

/** Every rule, in the order of the rule table (issue 3), duplicate-id beside duplicate-key. */
export const RULES: readonly Rule[] = [
  parseError,
  unknownEvent,
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
  patchViaShell,
  watchListPattern,
  ifNotEvaluated,
  ifGuardBypassable,
  guardFailsOpen,
  asyncNotAllowed,
  asyncRunsSync,
  invalidTimeout,
  timeoutCapped,
  timeoutSuspicious,
  timeoutTooLarge,
  bothRepresentations,
  duplicateKey,
  duplicateId,
  permissionAnswerRace,
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
  handlerTypeNotAllowed,
  fieldIgnored,
  execCommandHasSpaces,
  shellFormPlaceholder,
  httpRequestRefused,
  httpEnvAllowed,
  featuresDisabled,
  hooksSwitch,
  pluginDiscovery,
  unreadFile,
  untrustedProject,
  hookModified,
];

export { LOAD_RULES } from './load-rules.js';
