import { completed, failed, joinBlocks } from '../../engine/interpret-helpers.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import type { AggregateOptions, DialectProtocol, HandlerEffect, InterpretedRun, Interpretation } from '../../kit/index.js';
import type { AggregateEffect, Decision, RunStatus } from '../../kit/outcome.js';
import type { RunResult } from '../../kit/run-result.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { sessionEndBudgetMs } from './budget.js';
import { prepareDispatch } from './environment.js';
import { EVENT_RULES, TOP_LEVEL_DECISION_EVENTS } from './event-rules.js';
import { ON_FAILURE_IGNORED } from './events.js';
import { BLOCKED_BY_HOOK, modelFeedback } from './model-feedback.js';
import { toolOutputProblem } from './tool-output.js';
import { readOutput } from './read-output.js';
import { httpAnswer } from './http-answer.js';
import { BOOLEAN_EXTRAS, STRING_EXTRAS } from './output-extras.js';

/**
 * The claude output contract (SPEC-dialects 8.5) and aggregation (8.6). Hooks of one dispatch run
 * concurrently and all to completion; each is read on its own (interpret), then combined
 * (aggregate). Event-specific results go to `dialectOutput`.
 */

type Output = Record<string, unknown>;
type Hso = Record<string, unknown>;

/** Events where a hook's additionalContext makes Claude go on, as a block does (Claude Code 2.1.328). */
const CONTINUATION_EVENTS: ReadonlySet<string> = new Set(['Stop', 'SubagentStop']);
const DECISION_RANK: Readonly<Record<Decision, number>> = { deny: 4, defer: 3, ask: 2, allow: 1 };
const CLASSIFIER_CONTEXT_LIMIT = 2000;
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export const protocol: DialectProtocol = {
  schedule: () => 'concurrent',
  interpret,
  aggregate,
  prepareDispatch,
  budgetMs: (event, selected, context) => (event === 'SessionEnd' ? sessionEndBudgetMs(selected, context.env) : null),
  httpAnswer,
};

/** One handler's result (8.5), with `onFailure: "block"` applied. */
export function interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const interpretation = interpretRun(event, handler, result);
  if (handler.onFailure !== 'abort' || (interpretation.status !== 'failed' && interpretation.status !== 'timed_out')) return interpretation;
  return failureBlock(event, handler, result, interpretation);
}

/**
 * `onFailure: "block"` (Claude Code 2.1.295+): a run that failed (could not start, exited with a
 * code other than 0 or 2, printed invalid JSON) or timed out counts as an exit 2, worded as the
 * binary words it: `[<command>]: failed; blocking because onFailure is "block"` (or `timed out`),
 * then the hook's stderr on a new line (test/agents/claude, Claude Code 2.1.332). Claude ignores it
 * for async hooks, on Stop, SubagentStop, TaskCompleted and TeammateIdle, and for mcp_tool
 * handlers on SessionStart and Setup. Where an exit 2 has no block effect, the run stays failed.
 */
function failureBlock(event: string, handler: HandlerRecord, result: RunResult, interpretation: Interpretation): Interpretation {
  const rules = EVENT_RULES[event]!;
  const ignored =
    handler.async || ON_FAILURE_IGNORED.has(event) || (handler.type === 'mcp_tool' && (event === 'SessionStart' || event === 'Setup'));
  if (ignored) {
    const warning = `onFailure "block" is ignored ${handler.async ? 'for an async hook' : `on ${event}`}; the failure does not block`;
    return { ...interpretation, warnings: [...(interpretation.warnings ?? []), warning] };
  }
  if (rules.exitTwo !== 'block' && event !== 'PermissionRequest') return interpretation;
  const what = interpretation.status === 'timed_out' ? 'timed out' : 'failed';
  // Claude takes stderr from the run's non-blocking-error report, so a timeout brings none.
  const stderr = interpretation.status === 'timed_out' || result.exitCode === null ? '' : result.stderr.trim();
  const reason = `[${handler.command}]: ${what}; blocking because onFailure is "block"${stderr === '' ? '' : `\n${stderr}`}`;
  const effect = blockEffect(event, {}, reason);
  if (event === 'PermissionRequest') effect.decision = 'deny';
  effect.extra = { ...effect.extra, feedback: { failureBlock: reason } };
  return {
    status: 'blocked',
    error: interpretation.error,
    verdict: false,
    effect,
    warnings: [...(interpretation.warnings ?? []), `the hook ${what}; onFailure "block" makes that a block`],
  };
}

function interpretRun(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const rules = EVENT_RULES[event]!;
  if (result.timedOut) return failed(result.error ?? `${event} hook timed out`, 'timed_out');
  if (result.exitCode === null) return failed(result.error ?? `${event} hook ended by signal ${result.signal ?? 'unknown'}`);
  const code = result.exitCode;
  if (handler.async) return interpretAsync(event, handler, result);
  if (event === 'WorktreeCreate') return worktreeCreate(handler, result);
  const read = readOutput(event, result.stdout, false);
  const warnings = read.kind === 'json' || read.kind === 'invalid' ? read.warnings : [];
  const withWarnings = (interpretation: Interpretation): Interpretation =>
    warnings.length === 0 && !interpretation.warnings
      ? interpretation
      : { ...interpretation, warnings: [...warnings, ...(interpretation.warnings ?? [])] };
  // cc hooks §HTTP response handling: a 2xx body that is not a JSON object is a non-blocking error.
  if (handler.type === 'http' && read.kind === 'text') return failed(`${event} hook error: the HTTP response body is not a JSON object`);
  if (code === 2 && rules.exitTwo === 'block') return withWarnings(exitTwoBlock(event, read, result.stderr));
  if (code === 2 && rules.exitTwo === 'report') return withWarnings(failed(firstLine(result.stderr) ?? `${event} hook exited with code 2`));
  const success = code === 0 || (code === 2 && rules.exitTwo === 'ignore');
  if (read.kind === 'invalid') return withWarnings(failed(`${event} hook error: ${read.error}`));
  if (read.kind === 'json') return withWarnings(apply(event, read.output, false));
  if (success) {
    if (read.kind === 'text' && rules.plainContext) return plainContext(read.text);
    return completed();
  }
  // cc hooks §Exit code 2 behavior per event: PermissionRequest does not honour exit 2; stderr is discarded.
  if (code === 2 && rules.exitTwo === 'other') return completed();
  return failed(`Failed with non-blocking status code: ${firstLine(result.stderr) ?? 'No stderr output'}`);
}

/** Plain stdout taken as context: Claude words it `<Event> hook success: <text>`. */
function plainContext(text: string): Interpretation {
  return completed({ additionalContext: text.trim(), extra: { feedback: { plainContext: true } } });
}

function firstLine(text: string): string | null {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '');
  return line === undefined ? null : line.trim();
}

/**
 * Exit 2 on an event that can block (8.5.3): the effect always happens, whatever the JSON says.
 * The reason is the JSON's own blocking reason when it makes a blocking decision, else stderr;
 * the JSON's other fields still apply, except `hookSpecificOutput` on Elicitation(Result).
 */
function exitTwoBlock(event: string, read: ReturnType<typeof readOutput>, stderr: string): Interpretation {
  let effect: HandlerEffect = {};
  const warnings: string[] = [];
  let jsonReason: string | undefined;
  if (read.kind === 'json') {
    const output = event === 'Elicitation' || event === 'ElicitationResult' ? withoutHso(read.output) : read.output;
    const applied = apply(event, output, false);
    effect = applied.effect;
    warnings.push(...(applied.warnings ?? []));
    if (applied.status === 'blocked' || effect.decision === 'deny') jsonReason = effect.reason;
  }
  let reason = jsonReason ?? (stderr.trim() === '' ? undefined : stderr.trim());
  if (reason === undefined) {
    // Claude's own words for it: `[<command>]: No stderr output` (Claude Code 2.1.328).
    reason = 'No stderr output';
    warnings.push(`exited with code 2 without a reason on stderr; Claude blocks with "${reason}"`);
  }
  const blocked = blockEffect(event, effect, reason);
  // The model reads the raw stderr after the command; a JSON reason replaces both.
  if (jsonReason === undefined) blocked.extra = { ...blocked.extra, feedback: { exitTwoStderr: stderr } };
  return { status: 'blocked', error: null, verdict: false, effect: blocked, warnings };
}

function withoutHso(output: Output): Output {
  const { hookSpecificOutput: _ignored, ...rest } = output;
  return rest;
}

/** The event's block effect on top of what else the hook returned. */
function blockEffect(event: string, effect: HandlerEffect, reason: string): HandlerEffect {
  const extra: Record<string, unknown> = { ...effect.extra, blocked: true };
  if (event === 'Elicitation' || event === 'ElicitationResult') {
    extra.action = 'decline';
    delete extra.content;
  }
  const next: HandlerEffect = { ...effect, reason, extra };
  if (event === 'PreToolUse' || event === 'PreModelSwitch' || event === 'PreSkillShellCommand') {
    next.decision = 'deny';
    delete next.updatedInput;
  }
  if (event === 'PostToolBatch') {
    next.stop = true;
    next.stopReason = effect.stopReason ?? reason;
  }
  return next;
}

/** A schema-valid (or repaired) output applied to the event (8.4, 8.5.7). */
function apply(event: string, raw: Output, async: boolean): Interpretation {
  const rules = EVENT_RULES[event]!;
  const warnings: string[] = [];
  const output: Output = {};
  for (const [key, value] of Object.entries(raw)) {
    const discarded = rules.discards === 'all' ? key !== 'terminalSequence' && key !== 'suppressOutput' : rules.discards.includes(key);
    if (discarded) warnings.push(`${key} is discarded on ${event}`);
    else output[key] = value;
  }
  const effect: HandlerEffect = {};
  const extra: Record<string, unknown> = {};
  if (output.continue === false) {
    effect.stop = true;
    if (typeof output.stopReason === 'string') effect.stopReason = output.stopReason;
  }
  if (typeof output.systemMessage === 'string') effect.systemMessage = output.systemMessage;
  if (typeof output.terminalSequence === 'string') extra.terminalSequence = output.terminalSequence;
  const hso: Hso = isPlainObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  if (typeof hso.additionalContext === 'string') {
    if (event === 'Notification') warnings.push('additionalContext is discarded on Notification');
    else effect.additionalContext = hso.additionalContext;
  }
  if (!async) readDecisions(event, output, hso, effect, extra);
  readExtras(hso, extra);
  if (Object.keys(extra).length > 0) effect.extra = extra;
  const status: RunStatus = extra.blocked === true ? 'blocked' : effect.stop ? 'stopped' : 'completed';
  return { status: status as Interpretation['status'], error: null, verdict: false, effect, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Decision fields (cc hooks §Decision control): what blocks, allows, asks or defers. */
function readDecisions(event: string, output: Output, hso: Hso, effect: HandlerEffect, extra: Record<string, unknown>): void {
  const reason = typeof output.reason === 'string' ? output.reason : undefined;
  if (event === 'PreToolUse') {
    // Legacy top-level `decision`: approve → allow, block → deny (cc hooks §PreToolUse decision control).
    const legacy = output.decision === 'approve' ? 'allow' : output.decision === 'block' ? 'deny' : undefined;
    const decision = (hso.permissionDecision as Decision | undefined) ?? legacy;
    if (decision !== undefined) effect.decision = decision;
    const why = typeof hso.permissionDecisionReason === 'string' ? hso.permissionDecisionReason : reason;
    if (why !== undefined && decision !== undefined) effect.reason = why;
    // updatedInput rewrites with allow, ask or no decision; deny and defer ignore it (cc sdk-hooks).
    if (isPlainObject(hso.updatedInput) && decision !== 'deny' && decision !== 'defer') effect.updatedInput = hso.updatedInput;
    if (decision === 'deny') extra.blocked = true;
    return;
  }
  if (event === 'PreModelSwitch') {
    // PreToolUse's contract without the legacy `decision` or an input rewrite (SDK PreModelSwitchHookSpecificOutput).
    const decision = hso.permissionDecision as Decision | undefined;
    if (decision === undefined) return;
    effect.decision = decision;
    if (typeof hso.permissionDecisionReason === 'string') effect.reason = hso.permissionDecisionReason;
    if (decision === 'deny') extra.blocked = true;
    return;
  }
  if (event === 'PreSkillShellCommand') {
    // Claude Code 2.1.332 refuses the skill's command on deny, ask or defer, and on any updatedInput
    // (never applied); allow adds nothing (the binary's refusal check; Agent SDK 0.3.336 docs).
    const decision = hso.permissionDecision as Decision | undefined;
    if (decision !== undefined) effect.decision = decision;
    if (typeof hso.permissionDecisionReason === 'string' && decision !== undefined) effect.reason = hso.permissionDecisionReason;
    if ((decision !== undefined && decision !== 'allow') || hso.updatedInput !== undefined) {
      extra.blocked = true;
      if (hso.updatedInput !== undefined && (decision === undefined || decision === 'allow')) extra.refusedRewrite = true;
    }
    return;
  }
  if (event === 'PermissionRequest') {
    const verdict = isPlainObject(hso.decision) ? hso.decision : null;
    if (verdict === null) return;
    if (verdict.behavior === 'deny') {
      effect.decision = 'deny';
      extra.blocked = true;
      if (typeof verdict.message === 'string') effect.reason = verdict.message;
      if (verdict.interrupt === true) {
        effect.stop = true;
        extra.interrupt = true;
        effect.stopReason ??= typeof verdict.message === 'string' ? verdict.message : 'PermissionRequest hook denied and interrupted';
      }
    } else if (verdict.behavior === 'allow') {
      effect.decision = 'allow';
      if (isPlainObject(verdict.updatedInput)) effect.updatedInput = verdict.updatedInput;
      if (Array.isArray(verdict.updatedPermissions)) extra.updatedPermissions = verdict.updatedPermissions;
    }
    return;
  }
  // Declining an elicitation is its block effect (8.5.8), by JSON as by exit 2; a cancel refuses the
  // request as well [choice: docs/claude.md]. Only `accept` lets it through.
  if ((event === 'Elicitation' || event === 'ElicitationResult') && (hso.action === 'decline' || hso.action === 'cancel')) {
    extra.blocked = true;
    return;
  }
  if (TOP_LEVEL_DECISION_EVENTS.has(event) && output.decision === 'block') {
    extra.blocked = true;
    if (reason !== undefined) effect.reason = reason;
    // Claude continues a Stop without a reason too, feeding the model "Blocked by hook".
    else if (CONTINUATION_EVENTS.has(event)) effect.reason = BLOCKED_BY_HOOK;
    if (event === 'PostToolBatch') {
      effect.stop = true;
      effect.stopReason ??= reason ?? 'PostToolBatch hook stopped the loop';
    }
  }
}

/** Event-specific results that go to `dialectOutput` (8.6 table). */
function readExtras(hso: Hso, extra: Record<string, unknown>): void {
  for (const key of STRING_EXTRAS) if (typeof hso[key] === 'string') extra[key] = hso[key];
  for (const key of BOOLEAN_EXTRAS) if (typeof hso[key] === 'boolean') extra[key] = hso[key];
  if (Array.isArray(hso.watchPaths)) extra.watchPaths = hso.watchPaths;
  if (hso.updatedToolOutput !== undefined) extra.updatedToolOutput = hso.updatedToolOutput;
  else if (hso.updatedMCPToolOutput !== undefined) extra.updatedToolOutput = hso.updatedMCPToolOutput;
  if (typeof hso.action === 'string') extra.action = hso.action;
  if (hso.content !== undefined) extra.content = hso.content;
}

/**
 * WorktreeCreate (cc hooks §WorktreeCreate): a command hook prints the path as the last non-empty
 * line of stdout (ANSI stripped; no JSON); an HTTP hook answers `hookSpecificOutput.worktreePath`.
 * Any non-zero exit fails creation, whatever the output says; so does a hook that names no path.
 */
function worktreeCreate(handler: HandlerRecord, result: RunResult): Interpretation {
  const fail = (error: string): Interpretation => ({
    status: 'failed',
    error,
    verdict: false,
    effect: { reason: error, extra: { blocked: true } },
  });
  if (result.exitCode !== 0)
    return fail(
      `WorktreeCreate hook exited with code ${result.exitCode}${firstLine(result.stderr) ? `: ${firstLine(result.stderr)}` : ''}`,
    );
  if (handler.type === 'http') {
    const read = readOutput('WorktreeCreate', result.stdout, false);
    if (read.kind === 'json') {
      const applied = apply('WorktreeCreate', read.output, false);
      return applied.effect.extra?.worktreePath === undefined ? fail('WorktreeCreate hook returned no worktreePath') : applied;
    }
    return fail(read.kind === 'invalid' ? `WorktreeCreate hook error: ${read.error}` : 'WorktreeCreate hook returned no worktreePath');
  }
  const lines = result.stdout
    .replace(ANSI, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const path = lines[lines.length - 1];
  if (path === undefined) return fail('WorktreeCreate hook printed no worktree path');
  return completed({ extra: { worktreePath: path } });
}

/**
 * An async run (cc hooks §Run hooks in the background): decision fields have no effect, context
 * and systemMessage are delivered on the next turn, wrongly typed fields are dropped one by one;
 * an `asyncRewake` hook that exits 2 wakes the model with stderr (or stdout when stderr is empty).
 */
function interpretAsync(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const code = result.exitCode!;
  if (code === 2 && handler.asyncRewake) {
    const message = result.stderr.trim() || result.stdout.trim();
    return { status: 'blocked', error: null, verdict: false, effect: { extra: { rewakeMessage: message } } };
  }
  const read = readOutput(event, result.stdout, true);
  if (read.kind === 'json') {
    const applied = apply(event, read.output, true);
    const warnings = [...read.warnings, ...(applied.warnings ?? [])];
    return { ...applied, ...(warnings.length > 0 ? { warnings } : {}) };
  }
  // Exit 2 means what the event's table says (cc hooks §Exit code 2 behavior per event): where it is
  // ignored (InstructionsLoaded, DirectoryAdded, which always run detached), it is no failure here either.
  const ignored = code === 2 && EVENT_RULES[event]!.exitTwo === 'ignore';
  if (code !== 0 && !ignored) return failed(`Failed with non-blocking status code: ${firstLine(result.stderr) ?? 'No stderr output'}`);
  if (read.kind === 'text' && EVENT_RULES[event]!.plainContext) return plainContext(read.text);
  return completed();
}

/** Combines the runs of one dispatch (8.6); `interpreted` is in configured order. */
export function aggregate(event: string, interpreted: readonly InterpretedRun[], options: AggregateOptions): AggregateEffect {
  const rules = EVENT_RULES[event]!;
  const effects = interpreted.map((run) => run.interpretation.effect);
  const byCompletion = options.rewriteOrder === 'completion' ? [...interpreted].sort((a, b) => a.finished - b.finished) : [...interpreted];
  const blockers = interpreted.filter((run) => run.interpretation.effect.extra?.blocked === true);
  const stoppers = effects.filter((effect) => effect.stop === true);
  const stop = stoppers.length > 0;
  // On Stop/SubagentStop an additionalContext keeps Claude going just as a block does.
  const continues = CONTINUATION_EVENTS.has(event) && !stop && (blockers.length > 0 || effects.some(hasContext));
  let blocked = (blockers.length > 0 || continues) && !(stop && rules.stopOverridesBlock);

  let decision: Decision | null = null;
  let reason: string | null = null;
  let updatedInput: unknown = null;
  let updatedInputFrom: string | null = null;
  if (event === 'PermissionRequest') {
    // Claude takes the first hook to answer (a fast allow beats a slow deny); `configured` order
    // makes that the first in configured order, for tests.
    const first = byCompletion.find((run) => run.interpretation.effect.decision !== undefined);
    const effect = first?.interpretation.effect;
    decision = effect?.decision ?? null;
    reason = effect?.reason ?? null;
    if (first !== undefined && decision === 'allow' && effect?.updatedInput !== undefined) {
      updatedInput = effect.updatedInput;
      updatedInputFrom = first.handler.id;
    }
    blocked = decision === 'deny';
  } else if (event === 'PreToolUse' || event === 'PreModelSwitch') {
    for (const effect of effects) {
      if (effect.decision !== undefined && (decision === null || DECISION_RANK[effect.decision] > DECISION_RANK[decision]))
        decision = effect.decision;
    }
    reason =
      decision === null ? null : (effects.find((effect) => effect.decision === decision && effect.reason !== undefined)?.reason ?? null);
    // The rewrite of the last handler to finish wins, unless the call is denied or deferred.
    const rewrites = byCompletion.filter((run) => run.interpretation.effect.updatedInput !== undefined);
    const last = rewrites[rewrites.length - 1];
    if (last !== undefined && decision !== 'deny' && decision !== 'defer') {
      updatedInput = last.interpretation.effect.updatedInput;
      updatedInputFrom = last.handler.id;
    }
    blocked = decision === 'deny';
  } else if (event === 'PreSkillShellCommand') {
    for (const effect of effects) {
      if (effect.decision !== undefined && (decision === null || DECISION_RANK[effect.decision] > DECISION_RANK[decision]))
        decision = effect.decision;
    }
    // Any refusal keeps the command from running: deny, ask, defer, a rewrite, an exit 2.
    blocked = blockers.length > 0;
    const refusing = blockers.find((run) => run.interpretation.effect.reason !== undefined);
    reason = refusing?.interpretation.effect.reason ?? null;
  } else if (blocked) {
    const reasons = blockers.map((run) => run.interpretation.effect.reason);
    reason = rules.joinReasons ? joinBlocks(reasons) : (reasons.find((text) => text !== undefined && text.trim() !== '') ?? null);
  }
  const stopReason = stop ? (stoppers.find((effect) => effect.stopReason !== undefined)?.stopReason ?? null) : null;
  return {
    decision,
    blocked,
    reason,
    stop,
    stopReason,
    additionalContext: joinBlocks(effects.map((effect) => effect.additionalContext)),
    updatedInput,
    updatedInputFrom,
    systemMessages: effects.flatMap((effect) => (effect.systemMessage !== undefined ? [effect.systemMessage] : [])),
    dialectOutput: withFeedback(
      dialectOutput(interpreted, byCompletion, options.payload),
      continues && !(stop && rules.stopOverridesBlock),
      modelFeedback(event, options.payload, interpreted, decision),
    ),
  };
}

function hasContext(effect: HandlerEffect): boolean {
  return effect.additionalContext !== undefined && effect.additionalContext !== '';
}

/** Adds `continues` (Stop/SubagentStop go on) and `modelFeedback` (Claude's texts for the model). */
function withFeedback(out: Record<string, unknown> | null, continues: boolean, feedback: string[]): Record<string, unknown> | null {
  const next = { ...out };
  if (continues) next.continues = true;
  if (feedback.length > 0) next.modelFeedback = feedback;
  return Object.keys(next).length === 0 ? null : next;
}

/** The event-specific results of 8.6, each combined by its own rule; null when no hook returned any. */
function dialectOutput(
  interpreted: readonly InterpretedRun[],
  byCompletion: readonly InterpretedRun[],
  payload: Readonly<Record<string, unknown>>,
): Record<string, unknown> | null {
  const extras = interpreted.map((run) => run.interpretation.effect.extra ?? {});
  const out: Record<string, unknown> = {};
  const last = (key: string) => [...extras].reverse().find((extra) => extra[key] !== undefined)?.[key];
  const sessionTitle = last('sessionTitle');
  if (sessionTitle !== undefined) out.sessionTitle = sessionTitle;
  const initial = joinBlocks(extras.map((extra) => extra.initialUserMessage as string | undefined));
  if (initial !== null) out.initialUserMessage = initial;
  const paths = [...new Set(extras.flatMap((extra) => (Array.isArray(extra.watchPaths) ? extra.watchPaths : [])))];
  if (extras.some((extra) => extra.watchPaths !== undefined)) out.watchPaths = paths;
  for (const key of ['reloadSkills', 'retry', 'suppressOriginalPrompt']) {
    if (extras.some((extra) => extra[key] !== undefined)) out[key] = extras.some((extra) => extra[key] === true);
  }
  // The rewrite of the tool output that finished last wins; the other rewriters' classifier notes go with them.
  const rewriters = byCompletion.filter((run) => run.interpretation.effect.extra?.updatedToolOutput !== undefined);
  const winner = rewriters[rewriters.length - 1];
  if (winner !== undefined) {
    const rewrite = winner.interpretation.effect.extra!.updatedToolOutput;
    const problem = toolOutputProblem(typeof payload.tool_name === 'string' ? payload.tool_name : null, rewrite);
    // Never report a rewrite Claude ignores as applied: name it and say why instead.
    if (problem === null) out.updatedToolOutput = rewrite;
    else out.updatedToolOutputIgnored = problem;
  }
  const losers = new Set(rewriters.slice(0, -1));
  const notes = interpreted
    .filter((run) => !losers.has(run))
    .flatMap((run) => {
      const note = run.interpretation.effect.extra?.classifierContext;
      return typeof note === 'string' && note !== '' ? [note] : [];
    });
  if (notes.length > 0) out.classifierContext = notes.join('\n').slice(0, CLASSIFIER_CONTEXT_LIMIT);
  const display = last('displayContent');
  if (display !== undefined) out.displayContent = display;
  const actions = extras.map((extra) => extra.action).filter((action): action is string => typeof action === 'string');
  if (actions.length > 0) {
    const action = actions.includes('cancel') ? 'cancel' : actions.includes('decline') ? 'decline' : 'accept';
    out.action = action;
    if (action === 'accept') {
      const accepting = byCompletion.filter(
        (run) => run.interpretation.effect.extra?.action === 'accept' && run.interpretation.effect.extra.content !== undefined,
      );
      const content = accepting[accepting.length - 1]?.interpretation.effect.extra?.content;
      if (content !== undefined) out.content = content;
    }
  }
  const worktree = extras.find((extra) => typeof extra.worktreePath === 'string')?.worktreePath;
  if (worktree !== undefined) out.worktreePath = worktree;
  const sequences = extras.flatMap((extra) => (typeof extra.terminalSequence === 'string' ? [extra.terminalSequence] : []));
  if (sequences.length > 0) out.terminalSequences = sequences;
  const permissions = extras.flatMap((extra) => (Array.isArray(extra.updatedPermissions) ? extra.updatedPermissions : []));
  if (extras.some((extra) => Array.isArray(extra.updatedPermissions))) out.updatedPermissions = permissions;
  if (extras.some((extra) => extra.interrupt === true)) out.interrupt = true;
  return Object.keys(out).length === 0 ? null : out;
}
