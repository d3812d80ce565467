import { noEffect } from '../../engine/interpret-helpers.js';
import type {
  AggregateEffect,
  ChainedSchedule,
  Decision,
  DialectProtocol,
  DispatchContextInfo,
  DispatchPreparation,
  HandlerRecord,
  Interpretation,
  InterpretedRun,
  RunResult,
} from '../../kit/index.js';
import { resolve } from 'node:path';
import { mergeOutputs } from './merge-outputs.js';
import { geminiPlansDir } from './plans-dir.js';
import { type HookOutput, readHookOutput } from './read-output.js';

/**
 * Gemini CLI's hook protocol (packages/core/src/hooks: hookRunner.ts reads one hook, hookAggregator.ts
 * merges them, types.ts DefaultHookOutput is what the agent then asks). Every hook of an event runs
 * at once, unless one of the selected hooks' definitions says `sequential: true`: then all run in
 * configured order, each reading the input the previous successful one rewrote.
 */
export const protocol: DialectProtocol = {
  schedule(_event, selected) {
    return selected.some((handler) => handler.sequential === true) ? CHAINED : 'concurrent';
  },
  interpret,
  aggregate,
  prepareDispatch,
};

function interpret(_event: string, _handler: HandlerRecord, result: RunResult): Interpretation {
  const { output, format } = readHookOutput(result);
  const extra = output === undefined ? {} : { output, format };
  if (result.timedOut) return { status: 'timed_out', error: result.error, verdict: false, effect: { extra } };
  if (result.exitCode === null && result.signal === null)
    return { status: 'failed', error: result.error, verdict: false, effect: { extra } };
  const blocked = output !== undefined && (output.decision === 'block' || output.decision === 'deny');
  const stopped = output !== undefined && output.continue === false;
  const status = stopped ? 'stopped' : blocked ? 'blocked' : result.exitCode === 0 ? 'completed' : 'failed';
  const error = status === 'failed' ? (result.error ?? `exit code ${result.exitCode ?? result.signal}`) : null;
  return { status, error, verdict: false, effect: { extra } };
}

/** The output a run left for aggregation, as interpret kept it. */
function outputOf(run: InterpretedRun): HookOutput | undefined {
  return run.interpretation.effect.extra?.output as HookOutput | undefined;
}

/**
 * The outcome of what Gemini's aggregator returns, read the way its callers read it: blocked when
 * the final decision is `block` or `deny`, with `stopReason || reason || "No reason provided"`;
 * `ask` asks; `continue: false` stops; the additional context with `<` and `>` escaped; on
 * BeforeTool the final `tool_input` object replaces the tool's arguments. `dialectOutput.output`
 * is the merged output itself (model requests and responses, tool configuration, clearContext).
 */
function aggregate(event: string, interpreted: readonly InterpretedRun[]): AggregateEffect {
  const runs = interpreted.filter((run) => outputOf(run) !== undefined);
  let merged: HookOutput | undefined;
  try {
    merged = mergeOutputs(
      event,
      runs.map((run) => outputOf(run)!),
    );
  } catch {
    // Gemini's executeHooks catches a failing merge and goes on as if no hook had answered.
    return noEffect();
  }
  if (merged === undefined) return noEffect();
  const blocked = merged.decision === 'block' || merged.decision === 'deny';
  const stop = merged.continue === false;
  const effective = String(merged.stopReason || merged.reason || 'No reason provided');
  const specific = merged.hookSpecificOutput;
  const context = isObject(specific) && typeof specific.additionalContext === 'string' ? escapeTags(specific.additionalContext) : null;
  const rewrite = event === 'BeforeTool' ? toolInputRewrite(runs, specific) : null;
  return {
    decision: decisionOf(merged.decision),
    blocked,
    reason: blocked ? effective : typeof merged.reason === 'string' ? merged.reason : null,
    stop,
    stopReason: stop ? effective : null,
    additionalContext: context,
    updatedInput: rewrite?.input ?? null,
    updatedInputFrom: rewrite?.from ?? null,
    systemMessages: merged.systemMessage ? [String(merged.systemMessage)] : [],
    dialectOutput: { output: merged },
  };
}

function decisionOf(decision: unknown): Decision | null {
  if (decision === 'block' || decision === 'deny') return 'deny';
  if (decision === 'ask') return 'ask';
  if (decision === 'allow' || decision === 'approve') return 'allow';
  return null;
}

/** types.ts getAdditionalContext: "escaping < and > to prevent tag injection". */
function escapeTags(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** BeforeToolHookOutput.getModifiedToolInput: the merged `tool_input`, when it is an object; from the last hook that set it. */
function toolInputRewrite(
  runs: readonly InterpretedRun[],
  specific: unknown,
): { input: Record<string, unknown>; from: string | null } | null {
  if (!isObject(specific) || !isObject(specific.tool_input)) return null;
  const from = runs.findLast((run) => {
    const own = outputOf(run)?.hookSpecificOutput;
    return isObject(own) && 'tool_input' in own;
  });
  return { input: specific.tool_input, from: from?.handler.id ?? null };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * hookRunner.ts applyHookOutputToInput: after a successful hook (exit 0) with output, BeforeAgent
 * appends its raw additional context to the prompt, BeforeModel merges its `llm_request` over the
 * request, BeforeTool merges its `tool_input` over the arguments; other events pass the input on.
 */
const CHAINED: ChainedSchedule = {
  mode: 'chained',
  feed(event, input, run) {
    const output = run.interpretation.effect.extra?.output as HookOutput | undefined;
    if (run.result.exitCode !== 0 || run.result.timedOut || output === undefined) return input as Record<string, unknown>;
    const specific = output.hookSpecificOutput as Record<string, unknown> | undefined;
    if (!specific) return input as Record<string, unknown>;
    if (event === 'BeforeAgent' && 'additionalContext' in specific) {
      const context = specific.additionalContext;
      if (typeof context === 'string' && 'prompt' in input) return { ...input, prompt: `${String(input.prompt)}\n\n${context}` };
    }
    if (event === 'BeforeModel' && 'llm_request' in specific) {
      if (specific.llm_request && 'llm_request' in input) {
        return { ...input, llm_request: { ...(input.llm_request as object), ...(specific.llm_request as object) } };
      }
    }
    if (event === 'BeforeTool' && 'tool_input' in specific) {
      if (specific.tool_input && 'tool_input' in input) {
        return { ...input, tool_input: { ...(input.tool_input as object), ...(specific.tool_input as object) } };
      }
    }
    return input as Record<string, unknown>;
  },
};

/**
 * hookRunner.ts executeCommandHook: the payload's cwd as GEMINI_PROJECT_DIR, GEMINI_CWD and (for
 * Claude Code hooks) CLAUDE_PROJECT_DIR, its session id as GEMINI_SESSION_ID, and the session's
 * plans directory as GEMINI_PLANS_DIR, set over the sanitised agent environment and under the
 * hook's own `env` (a custom `general.plan.directory` is part of that, load-config.ts). Inside a
 * Gemini CLI session (its hook runs hookctl) the agent's GEMINI_PLANS_DIR is Gemini's and is kept.
 */
async function prepareDispatch(
  _event: string,
  payload: Readonly<Record<string, unknown>>,
  context: DispatchContextInfo,
): Promise<DispatchPreparation> {
  // context.cwd is the payload's cwd resolved against the project dir (Gemini's is always absolute).
  const cwd = context.cwd;
  const session = typeof payload.session_id === 'string' ? payload.session_id : '';
  const home = resolve(context.cwd, context.env.GEMINI_CLI_HOME || context.home);
  const plans =
    context.env.GEMINI_PLANS_DIR || geminiPlansDir({ projectRoot: cwd, sessionId: session, home, env: context.env, custom: null });
  return {
    env: {},
    baseEnv: { GEMINI_PROJECT_DIR: cwd, GEMINI_PLANS_DIR: plans, GEMINI_CWD: cwd, GEMINI_SESSION_ID: session, CLAUDE_PROJECT_DIR: cwd },
    finish: async () => null,
  };
}
