import { completed, exitCodeOrFailure, failed, joinBlocks, noEffect, parseJsonObject } from '../../engine/interpret-helpers.js';
import type {
  AggregateEffect,
  DialectProtocol,
  HandlerEffect,
  HandlerRecord,
  Interpretation,
  InterpretedRun,
  RunResult,
} from '../../kit/index.js';

/**
 * What each event does with a hook's answer, both casings, as Copilot CLI 1.0.102 was driven in
 * test/agents/copilot: `gate` (preToolUse: deny, modifiedArgs), `permission` (`behavior: "deny"`),
 * `block` (a `decision: "block"` with its reason: the prompt is kept from the model, the tool result
 * is replaced, the agent or subagent gets another turn), and the fields it takes over as they are.
 */
interface EventAnswer {
  readonly kind: 'gate' | 'permission' | 'block' | 'plain';
  /** How the model or the user sees a block's reason. */
  readonly blockText?: (reason: string) => string;
  /** Output fields read into dialectOutput, as written. */
  readonly extra?: readonly string[];
  readonly context: boolean;
}

const GATE: EventAnswer = { kind: 'gate', context: true };
const PERMISSION: EventAnswer = { kind: 'permission', context: false };
const POST: EventAnswer = { kind: 'block', blockText: (r) => `Tool result blocked: ${r}`, extra: ['modifiedResult'], context: true };
const PROMPT: EventAnswer = { kind: 'block', blockText: (r) => r, context: true };
const STOP: EventAnswer = { kind: 'block', blockText: (r) => r, context: false };
const SUBAGENT_STOP: EventAnswer = { kind: 'block', blockText: (r) => r, extra: ['modifiedResponse'], context: false };
const CONTEXT: EventAnswer = { kind: 'plain', context: true };
const NOTHING: EventAnswer = { kind: 'plain', context: false };

const ANSWERS: Readonly<Record<string, EventAnswer>> = {
  preToolUse: GATE,
  PreToolUse: GATE,
  permissionRequest: PERMISSION,
  PermissionRequest: PERMISSION,
  postToolUse: POST,
  PostToolUse: POST,
  postToolUseFailure: CONTEXT,
  PostToolUseFailure: CONTEXT,
  userPromptSubmitted: PROMPT,
  UserPromptSubmit: PROMPT,
  userPromptTransformed: { kind: 'plain', extra: ['modifiedTransformedPrompt'], context: false },
  agentStop: STOP,
  Stop: STOP,
  subagentStop: SUBAGENT_STOP,
  SubagentStop: SUBAGENT_STOP,
  sessionStart: CONTEXT,
  SessionStart: CONTEXT,
  notification: CONTEXT,
  Notification: CONTEXT,
};

const answerOf = (event: string): EventAnswer => ANSWERS[event] ?? NOTHING;

/**
 * Copilot CLI 1.0.102's hook protocol (docs/copilot.md has the table):
 * - preToolUse, PreToolUse: exit 0 with `permissionDecision: "deny"` (also in Claude's
 *   `hookSpecificOutput`) denies with "Denied by preToolUse hook: <reason>"; `ask` denies with "(unable
 *   to ask user for confirmation)"; `modifiedArgs` (Claude's `updatedInput`) replaces the arguments;
 *   non-JSON stdout allows; exit 2 denies with "hook exited with code 2" (stderr is not read); any other
 *   exit or a crash denies "(hook errored)"; a timeout allows.
 * - permissionRequest: `behavior: "deny"` with `message` denies; exit 2 denies with "Permission denied
 *   by hook.".
 * - everywhere else a failing hook (exit 2 included) blocks nothing: Copilot shows its stderr as a
 *   warning; `decision: "block"` is what blocks.
 */
function interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const answer = answerOf(event);
  if (result.timedOut) return exitCodeOrFailure(event, handler, result) as Interpretation;
  const gate = answer.kind === 'gate';
  if (result.exitCode === null || result.error !== null) {
    const why = exitCodeOrFailure(event, handler, result);
    return gate ? deny(`Denied by preToolUse hook from ${fileOf(handler)} (hook errored)`, errorOf(why)) : (why as Interpretation);
  }
  if (result.exitCode === 2 && gate) return deny('Denied by preToolUse hook: hook exited with code 2', null);
  if (result.exitCode === 2 && answer.kind === 'permission') return deny(permissionDenied('Permission denied by hook.'), null);
  if (result.exitCode !== 0) {
    const error = `${event} hook exited with code ${result.exitCode}`;
    return gate ? deny(`Denied by preToolUse hook from ${fileOf(handler)} (hook errored)`, error) : failed(error);
  }
  const output = parseJsonObject(result.stdout);
  if (output === null) return completed();
  if (gate) return interpretGate(output);
  const effect = answerEffect(answer, output);
  // A block (or a permission deny) is the run's own status too, as the core names the hook that blocked by it.
  return effect.decision === 'deny' ? { status: 'blocked', error: null, verdict: false, effect } : completed(effect);
}

/** The effect of a non-gate event's stdout JSON. */
function answerEffect(answer: EventAnswer, output: Record<string, unknown>): HandlerEffect {
  const context = answer.context ? text(output.additionalContext) : undefined;
  const extra = Object.fromEntries((answer.extra ?? []).filter((key) => output[key] !== undefined).map((key) => [key, output[key]]));
  const effect: HandlerEffect = {
    ...(context === undefined ? {} : { additionalContext: context }),
    ...(Object.keys(extra).length === 0 ? {} : { extra }),
  };
  if (answer.kind === 'permission' && (output.behavior === 'deny' || output.behavior === 'allow')) {
    const reason = output.behavior === 'deny' ? permissionDenied(text(output.message) ?? 'Permission denied by hook.') : undefined;
    return { ...effect, decision: output.behavior, ...(reason === undefined ? {} : { reason }) };
  }
  if (answer.kind === 'block' && output.decision === 'block') {
    const reason = text(output.reason) ?? '';
    return { ...effect, decision: 'deny', reason: answer.blockText?.(reason) ?? reason };
  }
  return effect;
}

function interpretGate(output: Record<string, unknown>): Interpretation {
  const specific = isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const context = text(output.additionalContext) ?? text(specific.additionalContext);
  const decision = output.permissionDecision ?? specific.permissionDecision;
  const reason = text(output.permissionDecisionReason) ?? text(specific.permissionDecisionReason) ?? '';
  if (decision === 'deny') return deny(`Denied by preToolUse hook: ${reason}`, null);
  if (decision === 'ask') return deny(`Denied by preToolUse hook (unable to ask user for confirmation): ${reason}`, null);
  const rewrite = isObject(output.modifiedArgs) ? output.modifiedArgs : isObject(specific.updatedInput) ? specific.updatedInput : undefined;
  return completed({
    ...(decision === 'allow' ? { decision: 'allow' as const } : {}),
    ...(rewrite === undefined ? {} : { updatedInput: rewrite }),
    ...(context === undefined ? {} : { additionalContext: context }),
  });
}

const permissionDenied = (message: string) => `Permission denied by a PermissionRequest hook: ${message}`;

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

/**
 * The first deny (or block) decides; otherwise the last rewrite of the arguments. Every context is
 * joined; the last hook's value of each extra field (modifiedResult…) wins.
 */
function aggregate(_event: string, interpreted: readonly InterpretedRun[]): AggregateEffect {
  const effects = interpreted.map(({ interpretation }) => interpretation.effect);
  const denied = effects.find((effect) => effect.decision === 'deny');
  const rewrite = interpreted.findLast(({ interpretation }) => interpretation.effect.updatedInput !== undefined);
  const allowed = effects.some((effect) => effect.decision === 'allow');
  const extra = Object.assign({}, ...effects.map((effect) => effect.extra ?? {})) as Record<string, unknown>;
  return {
    ...noEffect(),
    decision: denied ? 'deny' : allowed ? 'allow' : null,
    blocked: denied !== undefined,
    reason: denied?.reason ?? null,
    additionalContext: joinBlocks(effects.map((effect) => effect.additionalContext)),
    updatedInput: denied ? null : ((rewrite?.interpretation.effect.updatedInput as Record<string, unknown> | undefined) ?? null),
    updatedInputFrom: denied ? null : (rewrite?.handler.id ?? null),
    dialectOutput: Object.keys(extra).length === 0 ? null : extra,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const protocol: DialectProtocol = {
  schedule: (event) => (answerOf(event).kind === 'gate' ? 'sequential-until-verdict' : 'concurrent'),
  interpret,
  aggregate,
  async prepareDispatch(_event, _payload, context) {
    const cwd = context.cwd;
    return { env: {}, baseEnv: { COPILOT_PROJECT_DIR: cwd, CLAUDE_PROJECT_DIR: cwd, COPILOT_CLI: '1' }, finish: async () => null };
  },
};
