import type { Outcome } from '../../kit/outcome.js';
import { BOOLEAN_EXTRAS, STRING_EXTRAS } from './output-extras.js';

/** Events whose `hookSpecificOutput.additionalContext` Claude Code reads. */
const CONTEXT_EVENTS: ReadonlySet<string> = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
]);

/**
 * An outcome as the body of one Claude Code hook's answer (cc hooks §JSON output): what
 * `hookctl serve --http` returns for a POSTed payload, so that the served hooks, aggregated by the
 * engine, act as one hook. The PreToolUse decision, a block with its reason, context, a stop and
 * system messages are carried, and so are the event-specific results the engine keeps in
 * `dialectOutput` (a session title, a rewritten tool output, watch paths, an elicitation's answer…),
 * under the `hookSpecificOutput` keys Claude reads them from (protocol.ts readExtras): the served
 * hooks can do over HTTP whatever they do as command hooks.
 */
export function httpAnswer(outcome: Outcome): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const event = outcome.event;
  if (outcome.stop) {
    out.continue = false;
    if (outcome.stopReason !== null) out.stopReason = outcome.stopReason;
  }
  if (outcome.systemMessages.length > 0) out.systemMessage = outcome.systemMessages.join('\n');
  const specific: Record<string, unknown> = { hookEventName: event };
  if (event === 'PreToolUse') {
    if (outcome.decision !== null) {
      specific.permissionDecision = outcome.decision;
      if (outcome.reason !== null) specific.permissionDecisionReason = outcome.reason;
    }
    if (outcome.updatedInput !== null && outcome.updatedInput !== undefined) specific.updatedInput = outcome.updatedInput;
  } else if (event === 'PermissionRequest') {
    if (outcome.decision === 'allow' || outcome.decision === 'deny') {
      const extras = outcome.dialectOutput ?? {};
      specific.decision = {
        behavior: outcome.decision,
        ...(outcome.decision === 'deny' && outcome.reason !== null ? { message: outcome.reason } : {}),
        ...(outcome.decision === 'deny' && extras.interrupt === true ? { interrupt: true } : {}),
        ...(outcome.decision === 'allow' && Array.isArray(extras.updatedPermissions)
          ? { updatedPermissions: extras.updatedPermissions }
          : {}),
        ...(outcome.updatedInput !== null && outcome.updatedInput !== undefined ? { updatedInput: outcome.updatedInput } : {}),
      };
    }
  } else if (outcome.blocked) {
    out.decision = 'block';
    out.reason = outcome.reason ?? 'Blocked by hook';
  }
  if (outcome.additionalContext !== null && CONTEXT_EVENTS.has(event)) specific.additionalContext = outcome.additionalContext;
  Object.assign(specific, specificExtras(outcome.dialectOutput));
  if (Object.keys(specific).length > 1) out.hookSpecificOutput = specific;
  return out;
}

/**
 * The `dialectOutput` keys that are the hook's own `hookSpecificOutput` fields, passed back as they
 * came. Left out: what hookctl adds for the reader (`updatedToolOutputIgnored`, `modelFeedback`,
 * `additionalContextLimit`…), what a command hook carries outside JSON (`envFileContent`), the
 * PermissionRequest decision's `interrupt` and `updatedPermissions` (written into that decision
 * above) and `terminalSequence`, a top-level field each hook prints for itself.
 */
const SPECIFIC_EXTRAS = [...STRING_EXTRAS, ...BOOLEAN_EXTRAS, 'watchPaths', 'updatedToolOutput', 'action', 'content'] as const;

function specificExtras(dialectOutput: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SPECIFIC_EXTRAS) if (dialectOutput?.[key] !== undefined) out[key] = dialectOutput[key];
  return out;
}
