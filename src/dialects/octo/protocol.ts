import type { HandlerRecord } from '../../kit/handler-record.js';
import type { DialectProtocol, Interpretation } from '../../kit/index.js';
import type { AggregateEffect } from '../../kit/outcome.js';
import type { RunResult } from '../../kit/run-result.js';
import {
  completed,
  exitCodeError,
  exitCodeOrFailure,
  failed,
  joinBlocks,
  lastCodePoints,
  noEffect,
  nonBlankString,
  parseJsonObject,
} from '../../engine/interpret-helpers.js';

/**
 * The octo contract (SPEC 3.3, 3.4). PreToolUse is the only gate; every other event's errors are
 * reported and never block.
 *
 * Choices the SPEC leaves open, made here:
 * - The exit-2 stderr reason is trimmed before its last 500 characters are taken, so a trailing
 *   newline does not cost a character; whitespace-only stderr falls back to the default reason.
 * - An exit-2 reason is read from stdout only when it is a block verdict,
 *   `{"decision":"block","reason":"…"}` (seed 001 line 51): an `approve` object's reason is not a
 *   block reason. Otherwise the last 500 code points of everything the hook wrote to stderr (a
 *   rolling tail the runner keeps even past the capture cap), trimmed.
 * - Verdicts are read as the SPEC words it, "stdout parses as {decision: approve|block}", not
 *   through the stricter authoring schema: a verdict object with a stray extra key still decides
 *   (a gate must not fail open over it). A JSON object whose `decision` is something else is
 *   reported as a failed run, still non-blocking. `block` without a reason gets the default reason.
 * - Context folding reads `additional_context` whenever it is a string field of a JSON object
 *   (the SPEC rule, looser than the authoring schema); both it and raw text are trimmed.
 */

const DEFAULT_BLOCK_REASON = 'blocked by PreToolUse hook';
const STDERR_REASON_CHARS = 500;
const FOLDS_CONTEXT = new Set(['SessionStart', 'UserPromptSubmit', 'PostToolUse']);

function interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation {
  const exitCode = exitCodeOrFailure(event, handler, result);
  if (typeof exitCode !== 'number') return exitCode;
  if (event === 'PreToolUse') return readGate(exitCode, result);
  if (exitCode !== 0) return failed(exitCodeError(event, exitCode));
  if (!FOLDS_CONTEXT.has(event)) return completed();
  const context = foldedContext(result.stdout);
  return completed(context === undefined ? {} : { additionalContext: context });
}

function readGate(exitCode: number, result: RunResult): Interpretation {
  if (exitCode === 2) {
    const stdout = parseJsonObject(result.stdout);
    const reason =
      (stdout?.decision === 'block' ? nonBlankString(stdout.reason) : undefined) ??
      nonBlankString(lastCodePoints((result.stderrTail ?? result.stderr).trim(), STDERR_REASON_CHARS)) ??
      DEFAULT_BLOCK_REASON;
    return block(reason);
  }
  if (exitCode !== 0) return failed(exitCodeError('PreToolUse', exitCode));
  const output = parseJsonObject(result.stdout);
  if (output === null || !('decision' in output)) return completed();
  const reason = nonBlankString(output.reason);
  if (output.decision === 'block') return block(reason ?? DEFAULT_BLOCK_REASON);
  if (output.decision === 'approve') {
    return {
      status: 'completed',
      error: null,
      verdict: true,
      effect: reason === undefined ? { decision: 'allow' } : { decision: 'allow', reason },
    };
  }
  return failed(`PreToolUse hook returned decision ${JSON.stringify(output.decision)}; a verdict is "approve" or "block"`);
}

function block(reason: string): Interpretation {
  return { status: 'blocked', error: null, verdict: true, effect: { decision: 'deny', reason } };
}

function foldedContext(stdout: string): string | undefined {
  const field = parseJsonObject(stdout)?.additional_context;
  const text = typeof field === 'string' ? field : stdout;
  return nonBlankString(text.trim());
}

type Interpreted = Parameters<DialectProtocol['aggregate']>[1][number];

function aggregate(_event: string, interpreted: readonly Interpreted[]): AggregateEffect {
  const verdict = interpreted.find(({ interpretation }) => interpretation.verdict)?.interpretation.effect;
  return {
    ...noEffect(),
    decision: verdict?.decision ?? null,
    blocked: verdict?.decision === 'deny',
    reason: verdict?.reason ?? null,
    additionalContext: joinBlocks(interpreted.map(({ interpretation }) => interpretation.effect.additionalContext)),
  };
}

export const protocol: DialectProtocol = {
  schedule: (event) => (event === 'PreToolUse' ? 'sequential-until-verdict' : 'concurrent'),
  interpret,
  aggregate,
};
