import { completed, exitCodeOrFailure, failed, joinBlocks, noEffect, parseJsonObject } from '../../engine/interpret-helpers.js';
import type { AggregateEffect, DialectProtocol, HandlerRecord, Interpretation, InterpretedRun, RunResult } from '../../kit/index.js';

/** The events whose hooks gate a tool call. */
const GATES = new Set(['preToolUse', 'PreToolUse']);

/**
 * Copilot CLI 1.0.102's hook protocol, as driven in test/agents/copilot. On preToolUse and
 * PreToolUse the hooks run one after another in file order until one denies:
 * - exit 0: stdout JSON `permissionDecision: "deny"` (or `"ask"`: a deny in `-p` mode), also inside
 *   Claude's `hookSpecificOutput`, denies with "Denied by preToolUse hook: <reason>"; `modifiedArgs`
 *   (Claude's `updatedInput`) replaces the arguments; `additionalContext` reaches the model after
 *   the tool result; non-JSON stdout allows; `continue: false` is ignored;
 * - exit 2: a deny whose reason is "hook exited with code 2" (stderr is not read);
 * - any other exit, or a crash: a deny "(hook errored)";
 * - a timeout allows.
 * On every other event a failing hook blocks nothing.
 */
function interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const gate = GATES.has(event);
  if (result.timedOut) return exitCodeOrFailure(event, handler, result) as Interpretation;
  if (result.exitCode === null || result.error !== null) {
    const why = exitCodeOrFailure(event, handler, result);
    return gate ? deny(`Denied by preToolUse hook from ${fileOf(handler)} (hook errored)`, errorOf(why)) : (why as Interpretation);
  }
  if (result.exitCode === 2 && gate) return deny('Denied by preToolUse hook: hook exited with code 2', null);
  if (result.exitCode !== 0) {
    const error = `${event} hook exited with code ${result.exitCode}`;
    return gate ? deny(`Denied by preToolUse hook from ${fileOf(handler)} (hook errored)`, error) : failed(error);
  }
  const output = parseJsonObject(result.stdout);
  if (output === null) return completed();
  const specific = isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const context = text(output.additionalContext) ?? text(specific.additionalContext);
  if (!gate) return completed(context === undefined ? {} : { additionalContext: context });
  const decision = output.permissionDecision ?? specific.permissionDecision;
  if (decision === 'deny' || decision === 'ask') {
    const reason = text(output.permissionDecisionReason) ?? text(specific.permissionDecisionReason) ?? '';
    return deny(`Denied by preToolUse hook: ${reason}`, null);
  }
  const rewrite = isObject(output.modifiedArgs) ? output.modifiedArgs : isObject(specific.updatedInput) ? specific.updatedInput : undefined;
  return completed({
    ...(decision === 'allow' ? { decision: 'allow' as const } : {}),
    ...(rewrite === undefined ? {} : { updatedInput: rewrite }),
    ...(context === undefined ? {} : { additionalContext: context }),
  });
}

function deny(reason: string, error: string | null): Interpretation {
  return { status: 'blocked', error, verdict: true, effect: { decision: 'deny', reason } };
}

/** How Copilot names a hooks file in a deny: relative to the project dir for `.github/hooks/…`. */
function fileOf(handler: HandlerRecord): string {
  const file = handler.file ?? '';
  const at = file.lastIndexOf('/.github/hooks/');
  return JSON.stringify(at >= 0 ? file.slice(at + 1) : file);
}

function errorOf(why: number | Interpretation): string | null {
  return typeof why === 'number' ? `exit code ${why}` : why.error;
}

/** The first deny decides; otherwise the last rewrite of the arguments, every context joined. */
function aggregate(_event: string, interpreted: readonly InterpretedRun[]): AggregateEffect {
  const denied = interpreted.find(({ interpretation }) => interpretation.effect.decision === 'deny');
  const rewrite = interpreted.findLast(({ interpretation }) => interpretation.effect.updatedInput !== undefined);
  const allowed = interpreted.some(({ interpretation }) => interpretation.effect.decision === 'allow');
  return {
    ...noEffect(),
    decision: denied ? 'deny' : allowed ? 'allow' : null,
    blocked: denied !== undefined,
    reason: denied?.interpretation.effect.reason ?? null,
    additionalContext: joinBlocks(interpreted.map(({ interpretation }) => interpretation.effect.additionalContext)),
    updatedInput: denied ? null : ((rewrite?.interpretation.effect.updatedInput as Record<string, unknown> | undefined) ?? null),
    updatedInputFrom: denied ? null : (rewrite?.handler.id ?? null),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const protocol: DialectProtocol = {
  schedule: (event) => (GATES.has(event) ? 'sequential-until-verdict' : 'concurrent'),
  interpret,
  aggregate,
  async prepareDispatch(_event, _payload, context) {
    const cwd = context.cwd;
    return { env: {}, baseEnv: { COPILOT_PROJECT_DIR: cwd, CLAUDE_PROJECT_DIR: cwd, COPILOT_CLI: '1' }, finish: async () => null };
  },
};
