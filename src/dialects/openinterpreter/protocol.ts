import type { HandlerRecord } from '../../kit/handler-record.js';
import type { DialectProtocol, HandlerEffect, Interpretation } from '../../kit/index.js';
import type { AggregateEffect, Decision } from '../../kit/outcome.js';
import type { RunResult } from '../../kit/run-result.js';
import {
  completed,
  exitCodeError,
  exitCodeOrFailure,
  failed,
  formatValidationError,
  joinBlocks,
  looksLikeJson,
  nonBlankString,
  parseJson,
} from '../../engine/interpret-helpers.js';
import { contracts } from './contracts.js';

/**
 * The openinterpreter output contract (SPEC 2.5) and aggregation (SPEC 2.6).
 *
 * Choices the SPEC leaves open, made here:
 * - Every block effect (PreToolUse/PermissionRequest deny, blocked prompt, PostToolUse feedback,
 *   Stop/SubagentStop continuation, fail-closed abort) is carried as `effect.decision = 'deny'`;
 *   the outcome's `decision` field is filled only on PreToolUse and PermissionRequest, null elsewhere.
 * - A `deny`/`block` without a non-blank reason is a failed run (the model and user would get no
 *   explanation) — except PermissionRequest, whose `message` the SPEC marks optional.
 * - Plain text on Stop/SubagentStop fails as invalid JSON output: those events only speak JSON.
 * - `updatedInput` counts as a rewrite unless the same output denies; `ask` + rewrite means
 *   "ask about the rewritten input". `suppressOutput` concerns the agent's transcript only.
 * - `onFailure: "abort"` fails closed on every event: the dispatch is blocked with
 *   `hook <id> failed: <error>`, the run keeps its failed/timed_out status.
 * - `continue: false` makes the run `stopped` even when it also blocks.
 * - The outcome `reason` is the reason of the winning decision (first in configured order); on
 *   Stop/SubagentStop all block reasons are joined with a blank line.
 */

const EXIT_2_BLOCKS = new Set(['UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'SubagentStop', 'Stop']);
const PLAIN_TEXT_IS_CONTEXT = new Set(['SessionStart', 'SubagentStart', 'UserPromptSubmit']);
const PLAIN_TEXT_FAILS = new Set(['Stop', 'SubagentStop']);
const TOP_LEVEL_BLOCK = new Set(['UserPromptSubmit', 'PostToolUse', 'SubagentStop', 'Stop']);
const DECISION_EVENTS = new Set(['PreToolUse', 'PermissionRequest']);
const JOINED_REASONS = new Set(['Stop', 'SubagentStop']);

/** The union of fields the event output schemas allow; only read after validation. */
interface ValidOutput {
  continue?: boolean;
  stopReason?: string;
  systemMessage?: string;
  decision?: 'approve' | 'block';
  reason?: string;
  hookSpecificOutput?: {
    permissionDecision?: Decision;
    permissionDecisionReason?: string;
    updatedInput?: unknown;
    additionalContext?: string;
    decision?: { behavior: 'allow' | 'deny'; message?: string };
  };
}

/** A handler's verdict read from its output, or why the output cannot stand. */
type Verdict = Pick<HandlerEffect, 'decision' | 'reason' | 'updatedInput'> | { error: string };

function interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const interpretation = readResult(event, handler, result);
  if (handler.onFailure !== 'abort' || (interpretation.status !== 'failed' && interpretation.status !== 'timed_out')) {
    return interpretation;
  }
  return { ...interpretation, effect: { decision: 'deny', reason: `hook ${handler.id} failed: ${interpretation.error}` } };
}

function readResult(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const exitCode = exitCodeOrFailure(event, handler, result);
  if (typeof exitCode !== 'number') return exitCode;
  if (exitCode === 2) return readExit2(event, result.stderr);
  if (exitCode !== 0) return failed(exitCodeError(event, exitCode));

  const stdout = result.stdout.trim();
  if (stdout === '') return completed();
  if (looksLikeJson(stdout)) return readJsonOutput(event, stdout);
  if (PLAIN_TEXT_IS_CONTEXT.has(event)) return completed({ additionalContext: stdout });
  if (PLAIN_TEXT_FAILS.has(event)) return failed(invalidOutput(event, 'stdout is plain text, not a JSON object'));
  return completed();
}

function readExit2(event: string, stderr: string): Interpretation {
  if (!EXIT_2_BLOCKS.has(event)) return failed(`${exitCodeError(event, 2)} (exit code 2 does not block ${event})`);
  const reason = stderr.trim();
  if (reason === '') return failed(`${event} hook exited with code 2 but did not write a blocking reason to stderr`);
  return { status: 'blocked', error: null, verdict: false, effect: { decision: 'deny', reason } };
}

function invalidOutput(event: string, detail: string): string {
  return `hook returned invalid ${event} JSON output: ${detail}`;
}

function readJsonOutput(event: string, stdout: string): Interpretation {
  const parsed = parseJson(stdout);
  if (!parsed.ok) return failed(invalidOutput(event, parsed.message));
  const validation = contracts.validateOutput(event, parsed.value);
  if (!validation.ok) return failed(invalidOutput(event, formatValidationError(validation.errors[0])));
  const output = parsed.value as ValidOutput;

  const verdict = readVerdict(event, output);
  if ('error' in verdict) return failed(verdict.error);
  const effect: HandlerEffect = { ...verdict };
  const context = output.hookSpecificOutput?.additionalContext;
  if (context !== undefined) effect.additionalContext = context;
  if (output.systemMessage !== undefined) effect.systemMessage = output.systemMessage;
  if (output.continue === false) {
    effect.stop = true;
    if (output.stopReason !== undefined) effect.stopReason = output.stopReason;
  }
  const status = effect.stop ? 'stopped' : effect.decision === 'deny' ? 'blocked' : 'completed';
  return { status, error: null, verdict: false, effect };
}

function readVerdict(event: string, output: ValidOutput): Verdict {
  const specific = output.hookSpecificOutput;
  if (event === 'PreToolUse') {
    if (specific?.permissionDecision !== undefined) {
      return withRewrite(
        requireReason(event, specific.permissionDecision, specific.permissionDecisionReason, 'permissionDecision "deny"', 'permissionDecisionReason'),
        specific.updatedInput,
      );
    }
    if (output.decision !== undefined) {
      const decision = output.decision === 'block' ? 'deny' : 'allow';
      return withRewrite(requireReason(event, decision, output.reason, 'decision "block"', 'reason'), specific?.updatedInput);
    }
    return withRewrite({}, specific?.updatedInput);
  }
  if (event === 'PermissionRequest') {
    const answer = specific?.decision;
    if (answer === undefined) return {};
    return answer.message === undefined ? { decision: answer.behavior } : { decision: answer.behavior, reason: answer.message };
  }
  if (TOP_LEVEL_BLOCK.has(event) && output.decision === 'block') {
    return requireReason(event, 'deny', output.reason, 'decision "block"', 'reason');
  }
  return {};
}

/** deny/block must explain itself; other decisions keep an optional reason. */
function requireReason(event: string, decision: Decision, reason: string | undefined, denyWritten: string, reasonField: string): Verdict {
  const text = nonBlankString(reason);
  if (decision === 'deny' && text === undefined) {
    return { error: `${event} hook returned ${denyWritten} without a non-empty ${reasonField}` };
  }
  return text === undefined ? { decision } : { decision, reason: text };
}

function withRewrite(verdict: Verdict, updatedInput: unknown): Verdict {
  if ('error' in verdict || updatedInput === undefined || verdict.decision === 'deny') return verdict;
  return { ...verdict, updatedInput };
}

type Interpreted = Parameters<DialectProtocol['aggregate']>[1][number];

function aggregate(event: string, interpreted: readonly Interpreted[]): AggregateEffect {
  const effects = interpreted.map(({ handler, interpretation }) => ({ id: handler.id, effect: interpretation.effect }));
  const has = (decision: HandlerEffect['decision']) => effects.some(({ effect }) => effect.decision === decision);
  const winning = has('deny') ? 'deny' : has('ask') ? 'ask' : has('allow') ? 'allow' : null;
  const reasons = effects.filter(({ effect }) => effect.decision === winning).map(({ effect }) => effect.reason);
  const reason = winning === 'deny' && JOINED_REASONS.has(event) ? joinBlocks(reasons) : (reasons.find((r) => r !== undefined) ?? null);
  const rewrite = winning === 'deny' ? undefined : effects.findLast(({ effect }) => effect.updatedInput !== undefined);
  const stoppers = effects.filter(({ effect }) => effect.stop === true);
  return {
    decision: DECISION_EVENTS.has(event) ? winning : null,
    blocked: winning === 'deny',
    reason,
    stop: stoppers.length > 0,
    stopReason: stoppers.find(({ effect }) => effect.stopReason !== undefined)?.effect.stopReason ?? null,
    additionalContext: joinBlocks(effects.map(({ effect }) => effect.additionalContext)),
    updatedInput: rewrite?.effect.updatedInput ?? null,
    updatedInputFrom: rewrite?.id ?? null,
    dialectOutput: null,
    systemMessages: effects.flatMap(({ effect }) => (effect.systemMessage === undefined ? [] : [effect.systemMessage])),
  };
}

export const protocol: DialectProtocol = {
  schedule: () => 'concurrent',
  interpret,
  aggregate,
};
