import type { HandlerRecord } from '../../kit/handler-record.js';
import type {
  AggregateOptions,
  Contracts,
  DialectProtocol,
  HandlerEffect,
  InterpretedRun,
  Interpretation,
  ValidationError,
} from '../../kit/index.js';
import type { AggregateEffect, Decision } from '../../kit/outcome.js';
import type { RunResult } from '../../kit/run-result.js';
import { formatValidationError, joinBlocks, looksLikeJson, parseJson } from '../../engine/interpret-helpers.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { DEFAULT_TOKEN_LIMIT, spillText } from './spill.js';

/**
 * The output contract and aggregation of the Codex hooks engine, event by event as Codex reads them:
 * codex-rs/hooks/src/engine/output_parser.rs and codex-rs/hooks/src/events/{pre_tool_use,
 * permission_request,post_tool_use,user_prompt_submit,session_start,session_end,stop,compact}.rs.
 * Error texts are Codex's, with the validator's detail appended where Codex only says that the JSON
 * was invalid. Two dialects read hooks this way: `codex` exactly as Codex does, and
 * `openinterpreter` (SPEC 2.5, 2.6) with the deliberate differences of SPEC 2.9, which the options
 * below switch on:
 *
 * - `decisions: 'extended'`: `ask`, `allow` without a rewrite and legacy `approve` decide (Codex
 *   fails those runs); `deny` plus `updatedInput` denies (Codex fails the run, failing open);
 *   `onFailure: "abort"` turns a failed run into a deny.
 * - `hookEventName: 'exact'`: a `hookEventName` that names another event fails the run (Codex
 *   accepts any of its output event names there: codex-rs/hooks/src/schema.rs HookEventNameWire).
 * - `rewriteOrder: 'configured'`: the rewrite that wins is the last in configured order (Codex: the
 *   last to finish, events/pre_tool_use.rs).
 * - `context: 'spill'`: context over a hook's `additionalContextLimit` is spilled to a file as the
 *   agent does (output_spill.rs); `'report'` joins it as written and reports each run's limit in
 *   `dialectOutput.additionalContextLimit` for the host to apply.
 *
 * Carrying effects: a block of any kind (deny, blocked prompt, PostToolUse feedback, Stop
 * continuation) is `effect.decision = 'deny'`; PostToolUse `continue: false` carries its feedback
 * as `reason` beside `stop`. The outcome's `decision` is filled on PreToolUse and PermissionRequest only.
 */
export interface CodexProtocolOptions {
  /** The dialect's output validators (strict, as Codex publishes its schemas). */
  contracts: Contracts;
  decisions: 'extended' | 'codex';
  hookEventName: 'exact' | 'any';
  rewriteOrder: 'configured' | 'options';
  context: 'spill' | 'report';
  /**
   * PostToolUse `continue:false`: `stops` ends the session (openinterpreter, SPEC 2.6, its seed is
   * silent); `replaces-output` is what the Codex 0.169.0 binary does — the stop reason replaces the
   * tool output, the run keeps its `stopped` status and the turn goes on (`stop: false`).
   */
  postToolUseContinueFalse: 'stops' | 'replaces-output';
}

type Event =
  | 'PreToolUse'
  | 'PermissionRequest'
  | 'PostToolUse'
  | 'UserPromptSubmit'
  | 'SessionStart'
  | 'SubagentStart'
  | 'Stop'
  | 'SubagentStop'
  | 'PreCompact'
  | 'PostCompact'
  | 'SessionEnd'
  | 'PreModelRequest'
  | 'PostModelRequest'
  | 'Interrupt';

/**
 * Events whose stdout Codex does not read: SessionEnd (events/session_end.rs) and the model-request
 * pair, which Codex 0.169.0 and 0.171.0 run to observe only — they publish no output schema for them,
 * and nothing a PreModelRequest or PostModelRequest hook prints or exits with changes the request or
 * the turn (test/agents/codex/cases-model.ts).
 */
type Unread = 'SessionEnd' | 'PreModelRequest' | 'PostModelRequest';
const STDOUT_UNREAD = new Set<string>(['SessionEnd', 'PreModelRequest', 'PostModelRequest']);

/** What exit 2 means per event, as the text Codex gives when stderr is empty. Others: a failure. */
const EXIT_2_MISSING: Partial<Record<Event, string>> = {
  PreToolUse: 'a blocking reason',
  PermissionRequest: 'a denial reason',
  PostToolUse: 'feedback',
  UserPromptSubmit: 'a blocking reason',
  Stop: 'a continuation prompt',
  SubagentStop: 'a continuation prompt',
};

/** codex-rs/hooks/src/events/*.rs: the words of each event's "invalid JSON output" failure (SessionEnd reads no stdout). */
const INVALID_JSON: Record<Exclude<Event, Unread>, string> = {
  PreToolUse: 'hook returned invalid pre-tool-use JSON output',
  PermissionRequest: 'hook returned invalid permission-request JSON output',
  PostToolUse: 'hook returned invalid post-tool-use JSON output',
  UserPromptSubmit: 'hook returned invalid user prompt submit JSON output',
  SessionStart: 'hook returned invalid session start JSON output',
  SubagentStart: 'hook returned invalid subagent start JSON output',
  Stop: 'hook returned invalid stop hook JSON output',
  SubagentStop: 'hook returned invalid subagent stop hook JSON output',
  PreCompact: 'hook returned invalid PreCompact hook JSON output',
  PostCompact: 'hook returned invalid PostCompact hook JSON output',
  Interrupt: 'hook returned invalid interrupt hook JSON output',
};

const PLAIN_TEXT_IS_CONTEXT = new Set<string>(['SessionStart', 'SubagentStart', 'UserPromptSubmit']);
const PLAIN_TEXT_FAILS = new Set<string>(['Stop', 'SubagentStop', 'Interrupt']);
/** Codex's text when plain (non-JSON) stdout fails a run, where it is not "invalid … JSON output" (events/interrupt.rs). */
const PLAIN_TEXT_FAILURE: Partial<Record<Event, string>> = { Interrupt: 'Interrupt hook returned non-JSON stdout' };
/**
 * Events whose failures carry Codex's process-level texts (compact.rs, session_end.rs; the model-request
 * pair as the 0.169.0 and 0.171.0 binaries word them beside model_request.rs).
 */
const COMPACT = new Set<string>(['PreCompact', 'PostCompact', 'SessionEnd', 'PreModelRequest', 'PostModelRequest']);
const DECISION_EVENTS = new Set<string>(['PreToolUse', 'PermissionRequest']);

/**
 * Optional output fields per level, by event. Codex deserialises them as `Option<…>`, so `null`
 * means absent (SPEC 2.5); required fields and booleans (`continue`, `suppressOutput`,
 * `hookEventName`, `behavior`, `interrupt`) are not optional that way, and a field an event does
 * not have is refused even when null.
 */
const NULLABLE_TOP: Record<Exclude<Event, Unread>, readonly string[]> = {
  PreToolUse: ['decision', 'reason', 'hookSpecificOutput'],
  PermissionRequest: ['hookSpecificOutput'],
  PostToolUse: ['decision', 'reason', 'hookSpecificOutput'],
  UserPromptSubmit: ['decision', 'reason', 'hookSpecificOutput'],
  SessionStart: ['hookSpecificOutput'],
  SubagentStart: ['hookSpecificOutput'],
  Stop: ['decision', 'reason'],
  SubagentStop: ['decision', 'reason'],
  PreCompact: [],
  PostCompact: [],
  Interrupt: [],
};
const NULLABLE_UNIVERSAL = ['stopReason', 'systemMessage'];
const NULLABLE_SPECIFIC: Partial<Record<Event, readonly string[]>> = {
  PreToolUse: ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'],
  PermissionRequest: ['decision'],
  PostToolUse: ['additionalContext', 'updatedMCPToolOutput'],
  UserPromptSubmit: ['additionalContext'],
  SessionStart: ['additionalContext'],
  SubagentStart: ['additionalContext'],
};
const NULLABLE_PERMISSION_DECISION = ['updatedInput', 'updatedPermissions', 'message'];

/** The union of fields the event output schemas allow; only read after validation. */
interface ValidOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: 'approve' | 'block';
  reason?: string;
  hookSpecificOutput?: {
    permissionDecision?: Decision;
    permissionDecisionReason?: string;
    updatedInput?: unknown;
    additionalContext?: string;
    updatedMCPToolOutput?: unknown;
    decision?: { behavior: 'allow' | 'deny'; message?: string; updatedInput?: unknown; updatedPermissions?: unknown; interrupt?: boolean };
  };
}

/** `continue`, `stopReason`, `suppressOutput`, `systemMessage` with Codex's defaults. */
interface Universal {
  continueProcessing: boolean;
  stopReason: string | undefined;
  suppressOutput: boolean;
  systemMessage: string | undefined;
}

function interpret(options: CodexProtocolOptions, event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const interpretation = readResult(options, event as Event, handler, result);
  if (handler.onFailure !== 'abort' || (interpretation.status !== 'failed' && interpretation.status !== 'timed_out')) {
    return interpretation;
  }
  return { ...interpretation, effect: { decision: 'deny', reason: `hook ${handler.id} failed: ${interpretation.error}` } };
}

function readResult(options: CodexProtocolOptions, event: Event, handler: HandlerRecord, result: RunResult): Interpretation {
  if (result.timedOut) return failed(`hook timed out after ${Math.round(handler.timeoutMs / 1000)}s`, {}, 'timed_out');
  if (result.exitCode === null) {
    const base = COMPACT.has(event) ? 'hook process terminated without an exit code' : 'hook exited without a status code';
    return failed(result.error === null ? base : `${base} (${result.error})`);
  }
  const code = result.exitCode;
  if (code === 0) {
    // An exit code with an error is the runner's diagnosis; exit 0 never carries one.
    // Codex: events/session_end.rs parse_completed reads nothing from a SessionEnd hook's stdout, nor
    // (Codex 0.169.0, 0.171.0) from a PreModelRequest or PostModelRequest hook's.
    return isUnread(event) ? completed({}) : readStdout(options, event, result.stdout);
  }
  if (code === 2 && EXIT_2_MISSING[event] !== undefined) return readExit2(event, result.stderr);
  const plain = `hook exited with code ${code}`;
  if (COMPACT.has(event)) return failed(trimmedNonEmpty(result.stderr) ?? plain);
  // The runner's diagnosis (e.g. command not found for 127) is kept beside Codex's text.
  return failed(result.error === null ? plain : `${plain} (${result.error})`);
}

function readExit2(event: Event, stderr: string): Interpretation {
  const reason = trimmedNonEmpty(stderr);
  if (reason === undefined) {
    return failed(`${event} hook exited with code 2 but did not write ${EXIT_2_MISSING[event]} to stderr`);
  }
  return { status: 'blocked', error: null, verdict: false, effect: { decision: 'deny', reason } };
}

function isUnread(event: Event): event is Unread {
  return STDOUT_UNREAD.has(event);
}

function readStdout(options: CodexProtocolOptions, event: Exclude<Event, Unread>, stdout: string): Interpretation {
  const trimmed = stdout.trim();
  if (trimmed === '') return completed({});
  const parsed = parseJson(trimmed);
  if (parsed.ok && isPlainObject(parsed.value)) {
    const output = withoutNullOptionals(event, parsed.value);
    const validation = validateOutput(options, event, output);
    if (validation.ok) {
      const interpretation = readOutput(options, event, output as ValidOutput);
      return validation.warning === undefined ? interpretation : { ...interpretation, warnings: [validation.warning] };
    }
    return failed(`${INVALID_JSON[event]}: ${formatValidationError(validation.errors[0])}`);
  }
  if (looksLikeJson(trimmed)) {
    return failed(`${INVALID_JSON[event]}: ${parsed.ok ? 'stdout is JSON but not an object' : parsed.message}`);
  }
  if (PLAIN_TEXT_IS_CONTEXT.has(event)) return completed({ additionalContext: trimmed });
  if (PLAIN_TEXT_FAILS.has(event))
    return failed(PLAIN_TEXT_FAILURE[event] ?? `${INVALID_JSON[event]}: stdout is plain text, not a JSON object`);
  return completed({});
}

/** The output event names Codex's parser takes as `hookSpecificOutput.hookEventName` (schema.rs HookEventNameWire). */
// Interrupt has no hookSpecificOutput; whether HookEventNameWire takes its name is not known, so it stays out.
const OUTPUT_EVENT_NAMES: ReadonlySet<string> = new Set(Object.keys(INVALID_JSON).filter((name) => name !== 'Interrupt'));

/**
 * Validates an output against the event's strict schema. With `hookEventName: 'any'` a
 * `hookEventName` naming another output event is accepted, as Codex's parser does, with a warning.
 */
function validateOutput(
  options: CodexProtocolOptions,
  event: Event,
  output: Record<string, unknown>,
): { ok: true; warning?: string } | { ok: false; errors: readonly ValidationError[] } {
  const validation = options.contracts.validateOutput(event, output);
  if (validation.ok) return { ok: true };
  const specific = output.hookSpecificOutput;
  const named = isPlainObject(specific) ? specific.hookEventName : undefined;
  if (options.hookEventName === 'exact' || typeof named !== 'string' || named === event || !OUTPUT_EVENT_NAMES.has(named))
    return validation;
  // Judge the rest of the output as if it named this event; only the name itself is tolerated.
  const renamed = { ...output, hookSpecificOutput: { ...(specific as Record<string, unknown>), hookEventName: event } };
  if (!options.contracts.validateOutput(event, renamed).ok) return validation;
  return { ok: true, warning: `hookSpecificOutput.hookEventName is "${named}", not "${event}"; Codex accepts any event name there` };
}

/** Drops the optional fields a hook set to null, which the agent's deserializer reads as absent. */
function withoutNullOptionals(event: Exclude<Event, Unread>, output: Record<string, unknown>): Record<string, unknown> {
  // Interrupt's output has systemMessage alone: `stopReason: null` is an unknown field there (events/interrupt.rs).
  const universal = event === 'Interrupt' ? ['systemMessage'] : NULLABLE_UNIVERSAL;
  const top = dropNulls(output, [...universal, ...NULLABLE_TOP[event]]);
  const specific = top.hookSpecificOutput;
  if (!isPlainObject(specific)) return top;
  const cleaned = dropNulls(specific, NULLABLE_SPECIFIC[event] ?? []);
  if (event === 'PermissionRequest' && isPlainObject(cleaned.decision)) {
    cleaned.decision = dropNulls(cleaned.decision, NULLABLE_PERMISSION_DECISION);
  }
  return { ...top, hookSpecificOutput: cleaned };
}

function dropNulls(object: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const copy = { ...object };
  for (const key of keys) if (copy[key] === null) delete copy[key];
  return copy;
}

function readOutput(options: CodexProtocolOptions, event: Exclude<Event, Unread>, output: ValidOutput): Interpretation {
  const universal: Universal = {
    continueProcessing: output.continue ?? true,
    stopReason: output.stopReason,
    suppressOutput: output.suppressOutput ?? false,
    systemMessage: output.systemMessage,
  };
  // A systemMessage is shown to the user whatever else the output does (a warning entry of the run).
  const warned: HandlerEffect = universal.systemMessage === undefined ? {} : { systemMessage: universal.systemMessage };
  switch (event) {
    case 'PreToolUse':
      return readPreToolUse(options, output, universal, warned);
    case 'PermissionRequest':
      return readPermissionRequest(output, universal, warned);
    case 'PostToolUse':
      return readPostToolUse(output, universal, warned);
    case 'UserPromptSubmit':
      return readUserPromptSubmit(output, universal, warned);
    case 'SessionStart':
    case 'SubagentStart':
      return readStart(event, output, universal, warned);
    case 'Stop':
    case 'SubagentStop':
      return readStop(event, output, universal, warned);
    case 'PreCompact':
    case 'PostCompact':
      return readCompact(event, universal, warned);
    case 'Interrupt':
      // events/interrupt.rs: the only field is systemMessage (any other fails validation above).
      return completed(warned);
  }
}

/** output_parser.rs unsupported_*_universal: fields PreToolUse and PermissionRequest cannot honour. */
function unsupportedUniversal(event: string, universal: Universal): string | undefined {
  if (!universal.continueProcessing) return `${event} hook returned unsupported continue:false`;
  if (universal.stopReason !== undefined) return `${event} hook returned unsupported stopReason`;
  if (universal.suppressOutput) return `${event} hook returned unsupported suppressOutput`;
  return undefined;
}

function invalidBlock(event: string): string {
  return `${event} hook returned decision:block without a non-empty reason`;
}

// Codex: codex-rs/hooks/src/engine/output_parser.rs parse_pre_tool_use; events/pre_tool_use.rs.
function readPreToolUse(options: CodexProtocolOptions, output: ValidOutput, universal: Universal, warned: HandlerEffect): Interpretation {
  const specific = output.hookSpecificOutput;
  const useSpecific =
    specific !== undefined &&
    (specific.permissionDecision !== undefined || specific.permissionDecisionReason !== undefined || specific.updatedInput !== undefined);
  const problem =
    unsupportedUniversal('PreToolUse', universal) ??
    (useSpecific ? specificProblem(options.decisions, specific!) : legacyProblem(options.decisions, output));
  if (problem !== undefined) return failed(problem, warned);
  const effect: HandlerEffect = { ...warned };
  if (specific?.additionalContext !== undefined) effect.additionalContext = specific.additionalContext;
  if (useSpecific) {
    const decision = specific!.permissionDecision;
    const reason = trimmedNonEmpty(specific!.permissionDecisionReason);
    if (decision !== undefined) effect.decision = decision;
    if (reason !== undefined) effect.reason = reason;
    if (decision === 'allow' && specific!.updatedInput !== undefined) effect.updatedInput = specific!.updatedInput;
  } else if (output.decision !== undefined) {
    effect.decision = output.decision === 'block' ? 'deny' : 'allow';
    const reason = trimmedNonEmpty(output.reason);
    if (reason !== undefined) effect.reason = reason;
  }
  return { status: effect.decision === 'deny' ? 'blocked' : 'completed', error: null, verdict: false, effect };
}

/** output_parser.rs unsupported_pre_tool_use_hook_specific_output, with SPEC 2.9's meanings when `extended`. */
function specificProblem(
  decisions: CodexProtocolOptions['decisions'],
  specific: NonNullable<ValidOutput['hookSpecificOutput']>,
): string | undefined {
  const decision = specific.permissionDecision;
  const denyWithoutReason = 'PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason';
  // Checked before the rewrite rule when extended: deny plus updatedInput denies (SPEC 2.9, fail closed).
  if (decisions === 'extended' && decision === 'deny')
    return trimmedNonEmpty(specific.permissionDecisionReason) === undefined ? denyWithoutReason : undefined;
  if (specific.updatedInput !== undefined && decision !== 'allow') {
    return 'PreToolUse hook returned updatedInput without permissionDecision:allow';
  }
  if (decision === undefined && specific.permissionDecisionReason !== undefined) {
    return 'PreToolUse hook returned permissionDecisionReason without permissionDecision';
  }
  if (decisions === 'extended') return undefined;
  if (decision === 'allow' && specific.updatedInput === undefined) return 'PreToolUse hook returned unsupported permissionDecision:allow';
  if (decision === 'ask') return 'PreToolUse hook returned unsupported permissionDecision:ask';
  if (decision === 'deny' && trimmedNonEmpty(specific.permissionDecisionReason) === undefined) return denyWithoutReason;
  return undefined;
}

/** output_parser.rs unsupported_pre_tool_use_legacy_decision; legacy `approve` allows when `extended`. */
function legacyProblem(decisions: CodexProtocolOptions['decisions'], output: ValidOutput): string | undefined {
  if (decisions === 'codex' && output.decision === 'approve') return 'PreToolUse hook returned unsupported decision:approve';
  if (output.decision === 'block' && trimmedNonEmpty(output.reason) === undefined) return invalidBlock('PreToolUse');
  if (output.decision === undefined && output.reason !== undefined) return 'PreToolUse hook returned reason without decision';
  return undefined;
}

// Codex: output_parser.rs parse_permission_request; events/permission_request.rs.
function readPermissionRequest(output: ValidOutput, universal: Universal, warned: HandlerEffect): Interpretation {
  const answer = output.hookSpecificOutput?.decision;
  const problem =
    unsupportedUniversal('PermissionRequest', universal) ??
    (answer?.updatedInput !== undefined
      ? 'PermissionRequest hook returned unsupported updatedInput'
      : answer?.updatedPermissions !== undefined
        ? 'PermissionRequest hook returned unsupported updatedPermissions'
        : answer?.interrupt === true
          ? 'PermissionRequest hook returned unsupported interrupt:true'
          : undefined);
  if (problem !== undefined) return failed(problem, warned);
  if (answer === undefined) return completed(warned);
  if (answer.behavior === 'allow') return completed({ ...warned, decision: 'allow' });
  const reason = trimmedNonEmpty(answer.message) ?? 'PermissionRequest hook denied approval';
  return { status: 'blocked', error: null, verdict: false, effect: { ...warned, decision: 'deny', reason } };
}

// Codex: output_parser.rs parse_post_tool_use; events/post_tool_use.rs parse_completed.
function readPostToolUse(output: ValidOutput, universal: Universal, warned: HandlerEffect): Interpretation {
  const problem = universal.suppressOutput
    ? 'PostToolUse hook returned unsupported suppressOutput'
    : output.hookSpecificOutput?.updatedMCPToolOutput !== undefined
      ? 'PostToolUse hook returned unsupported updatedMCPToolOutput'
      : undefined;
  const block = output.decision === 'block';
  const blockProblem =
    block && trimmedNonEmpty(output.reason) === undefined
      ? invalidBlock('PostToolUse')
      : !block && universal.continueProcessing && output.reason !== undefined
        ? 'PostToolUse hook returned reason without decision'
        : undefined;
  const effect: HandlerEffect = { ...warned };
  const context = output.hookSpecificOutput?.additionalContext;
  if (problem === undefined && blockProblem === undefined && context !== undefined) effect.additionalContext = context;
  if (!universal.continueProcessing) {
    const stopText = universal.stopReason ?? 'PostToolUse hook stopped execution';
    return stopped({ ...effect, stopReason: stopText, reason: trimmedNonEmpty(output.reason) ?? stopText });
  }
  if (problem !== undefined) return failed(problem, warned);
  if (blockProblem !== undefined) return failed(blockProblem, warned);
  if (block) return { status: 'blocked', error: null, verdict: false, effect: { ...effect, decision: 'deny', reason: output.reason! } };
  return completed(effect);
}

// Codex: output_parser.rs parse_user_prompt_submit; events/user_prompt_submit.rs parse_completed.
function readUserPromptSubmit(output: ValidOutput, universal: Universal, warned: HandlerEffect): Interpretation {
  const block = output.decision === 'block';
  const blockProblem = block && trimmedNonEmpty(output.reason) === undefined ? invalidBlock('UserPromptSubmit') : undefined;
  const effect: HandlerEffect = { ...warned };
  const context = output.hookSpecificOutput?.additionalContext;
  if (blockProblem === undefined && context !== undefined) effect.additionalContext = context;
  if (!universal.continueProcessing) return stopped(withStopReason(effect, universal.stopReason));
  if (blockProblem !== undefined) return failed(blockProblem, warned);
  if (block) return { status: 'blocked', error: null, verdict: false, effect: { ...effect, decision: 'deny', reason: output.reason! } };
  return completed(effect);
}

// Codex: events/session_start.rs parse_completed: only SessionStart honours continue:false.
function readStart(event: Event, output: ValidOutput, universal: Universal, warned: HandlerEffect): Interpretation {
  const effect: HandlerEffect = { ...warned };
  const context = output.hookSpecificOutput?.additionalContext;
  if (context !== undefined) effect.additionalContext = context;
  if (event === 'SessionStart' && !universal.continueProcessing) return stopped(withStopReason(effect, universal.stopReason));
  return completed(effect);
}

// Codex: events/stop.rs parse_completed: continue:false wins over a block in the same output.
function readStop(event: Event, output: ValidOutput, universal: Universal, warned: HandlerEffect): Interpretation {
  if (!universal.continueProcessing) return stopped(withStopReason({ ...warned }, universal.stopReason));
  const reason = trimmedNonEmpty(output.reason);
  if (output.decision === 'block' && reason === undefined) return failed(invalidBlock(event), warned);
  if (output.decision === 'block')
    return { status: 'blocked', error: null, verdict: false, effect: { ...warned, decision: 'deny', reason: reason! } };
  return completed(warned);
}

// Codex: events/compact.rs parse_completed: a stop without a reason shows "<Event> hook stopped execution".
function readCompact(event: Event, universal: Universal, warned: HandlerEffect): Interpretation {
  if (!universal.continueProcessing) return stopped({ ...warned, stopReason: universal.stopReason ?? `${event} hook stopped execution` });
  return completed(warned);
}

function withStopReason(effect: HandlerEffect, stopReason: string | undefined): HandlerEffect {
  return stopReason === undefined ? effect : { ...effect, stopReason };
}

function completed(effect: HandlerEffect): Interpretation {
  return { status: 'completed', error: null, verdict: false, effect };
}

function stopped(effect: HandlerEffect): Interpretation {
  return { status: 'stopped', error: null, verdict: false, effect: { ...effect, stop: true } };
}

function failed(error: string, effect: HandlerEffect = {}, status: 'failed' | 'timed_out' = 'failed'): Interpretation {
  return { status, error, verdict: false, effect };
}

/** codex-rs/hooks/src/events/common.rs trimmed_non_empty. */
function trimmedNonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function aggregate(
  codex: CodexProtocolOptions,
  event: string,
  interpreted: readonly InterpretedRun[],
  options: AggregateOptions,
): AggregateEffect {
  const session = typeof options.payload.session_id === 'string' ? options.payload.session_id : 'session';
  // `spill` holds each text to its budget as the agent does (output_spill.rs); `report` keeps it whole.
  const held = (text: string, limit: number) => (codex.context === 'spill' ? spillText(text, limit, session) : text);
  const effects = interpreted.map(({ handler, interpretation, finished }) => ({ handler, effect: interpretation.effect, finished }));
  const has = (decision: HandlerEffect['decision']) => effects.some(({ effect }) => effect.decision === decision);
  const winning = has('deny') ? 'deny' : has('ask') ? 'ask' : has('allow') ? 'allow' : null;
  const stoppers = effects.filter(({ effect }) => effect.stop === true);
  const feedbackOnly = event === 'PostToolUse' && codex.postToolUseContinueFalse === 'replaces-output';
  const stop = stoppers.length > 0 && !feedbackOnly;
  // Stop/SubagentStop: continue:false anywhere overrides every block (events/stop.rs aggregate_results).
  const stopOverridesBlock = (event === 'Stop' || event === 'SubagentStop') && stop;
  const blocked = winning === 'deny' && !stopOverridesBlock;
  const rewrite =
    winning === 'deny' ? undefined : winningRewrite(effects, codex.rewriteOrder === 'configured' ? 'configured' : options.rewriteOrder);
  const contexts = effects.filter(({ effect }) => effect.additionalContext !== undefined);
  return {
    decision: DECISION_EVENTS.has(event) ? winning : null,
    blocked,
    reason: outcomeReason(event, effects, winning, blocked, held),
    stop,
    stopReason: stop ? (stoppers.find(({ effect }) => effect.stopReason !== undefined)?.effect.stopReason ?? null) : null,
    // Each hook's context is held to its own additionalContextLimit (output_spill.rs).
    additionalContext: joinBlocks(contexts.map(({ handler, effect }) => held(effect.additionalContext!, contextLimit(handler)))),
    updatedInput: rewrite?.effect.updatedInput ?? null,
    updatedInputFrom: rewrite?.handler.id ?? null,
    // `report`: the host applies each context's limit, so it gets them by run id (null when no run gave context).
    dialectOutput:
      codex.context === 'spill' || contexts.length === 0
        ? null
        : { additionalContextLimit: Object.fromEntries(contexts.map(({ handler }) => [handler.id, contextLimit(handler)])) },
    systemMessages: effects.flatMap(({ effect }) => (effect.systemMessage === undefined ? [] : [effect.systemMessage])),
  };
}

function contextLimit(handler: HandlerRecord): number {
  return handler.additionalContextLimit ?? DEFAULT_TOKEN_LIMIT;
}

/**
 * The rewrite that wins: the last handler to finish (Codex, events/pre_tool_use.rs: the last
 * completed `updated_input`) or the last in configured order.
 */
function winningRewrite<T extends { effect: HandlerEffect; finished: number }>(
  effects: readonly T[],
  order: AggregateOptions['rewriteOrder'],
): T | undefined {
  const rewrites = effects.filter(({ effect }) => effect.updatedInput !== undefined);
  if (order === 'configured') return rewrites.at(-1);
  return rewrites.reduce<T | undefined>(
    (latest, candidate) => (latest === undefined || candidate.finished > latest.finished ? candidate : latest),
    undefined,
  );
}

/**
 * PreToolUse/PermissionRequest/UserPromptSubmit: the first reason of the winning decision in
 * configured order. Stop/SubagentStop: every continuation prompt, each within the output budget,
 * joined with a blank line. PostToolUse: the feedback of every blocking or stopping hook, joined,
 * then held to the output budget (engine/mod.rs run_post_tool_use).
 */
function outcomeReason(
  event: string,
  effects: readonly { effect: HandlerEffect }[],
  winning: Decision | null,
  blocked: boolean,
  held: (text: string, limit: number) => string,
): string | null {
  if (event === 'Stop' || event === 'SubagentStop') {
    if (!blocked) return null;
    return joinBlocks(
      effects.filter(({ effect }) => effect.decision === 'deny').map(({ effect }) => held(effect.reason!, DEFAULT_TOKEN_LIMIT)),
    );
  }
  if (event === 'PostToolUse') {
    const feedback = joinBlocks(
      effects.filter(({ effect }) => effect.decision === 'deny' || effect.stop === true).map(({ effect }) => effect.reason),
    );
    return feedback === null ? null : held(feedback, DEFAULT_TOKEN_LIMIT);
  }
  return effects.find(({ effect }) => effect.decision === winning && effect.reason !== undefined)?.effect.reason ?? null;
}

/** A protocol that reads hook results the way the Codex hooks engine does, with these options. */
export function createCodexProtocol(options: CodexProtocolOptions): DialectProtocol {
  return {
    schedule: () => 'concurrent',
    interpret: (event, handler, result) => interpret(options, event, handler, result),
    aggregate: (event, interpreted, aggregateOptions) => aggregate(options, event, interpreted, aggregateOptions),
  };
}
