import type { Outcome } from '../kit/outcome.js';

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
 * system messages are carried; `dialectOutput` extras (sessionTitle, updatedToolOutput…) are not.
 */
export function claudeWireOutput(outcome: Outcome): Record<string, unknown> {
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
      specific.decision = {
        behavior: outcome.decision,
        ...(outcome.decision === 'deny' && outcome.reason !== null ? { message: outcome.reason } : {}),
        ...(outcome.updatedInput !== null && outcome.updatedInput !== undefined ? { updatedInput: outcome.updatedInput } : {}),
      };
    }
  } else if (outcome.blocked) {
    out.decision = 'block';
    out.reason = outcome.reason ?? 'Blocked by hook';
  }
  if (outcome.additionalContext !== null && CONTEXT_EVENTS.has(event)) specific.additionalContext = outcome.additionalContext;
  if (Object.keys(specific).length > 1) out.hookSpecificOutput = specific;
  return out;
}
