import type { HookOutput } from './read-output.js';

/**
 * Gemini CLI's merge of several hooks' outputs into one (hookAggregator.ts mergeOutputs), per
 * event. The outputs come in configured order, each exactly as parsed: the merge reads fields the
 * way JavaScript does on untrusted JSON (a truthy non-object where an object is expected spreads
 * its own enumerable keys), so hookctl agrees with Gemini on odd output too.
 */
export function mergeOutputs(event: string, outputs: readonly HookOutput[]): HookOutput | undefined {
  if (outputs.length === 0) return undefined;
  switch (event) {
    case 'BeforeTool':
    case 'AfterTool':
    case 'BeforeAgent':
    case 'AfterAgent':
    case 'SessionStart':
      return mergeDecisions(outputs);
    case 'BeforeModel':
    case 'AfterModel':
      return mergeReplacingFields(outputs);
    case 'BeforeToolSelection':
      return mergeToolSelection(outputs);
    default:
      // Later outputs replace earlier ones key by key.
      return Object.assign({}, ...outputs) as HookOutput;
  }
}

const isBlocking = (decision: unknown) => decision === 'block' || decision === 'deny';

/**
 * Decision events: any block or deny blocks (the last one's word is kept), `ask` counts when no block
 * came before it, `continue: false` from any hook stops; reasons, system messages, stop reasons and
 * additional contexts of every hook are joined with newlines; `hookSpecificOutput` objects merge
 * key by key, and `clearContext` sticks once any hook set it.
 */
function mergeDecisions(outputs: readonly HookOutput[]): HookOutput {
  const merged: HookOutput = { continue: true, suppressOutput: false };
  const joined = {
    stopReason: [] as unknown[],
    reason: [] as unknown[],
    systemMessage: [] as unknown[],
    additionalContext: [] as string[],
  };
  let blocked = false;
  let asked = false;
  let stopped = false;
  for (const output of outputs) {
    if (output.continue === false) {
      stopped = true;
      merged.continue = false;
      if (output.stopReason) joined.stopReason.push(output.stopReason);
    }
    if (isBlocking(output.decision)) {
      blocked = true;
      merged.decision = output.decision;
    } else if (output.decision === 'ask') {
      asked = true;
      if (!blocked) merged.decision = output.decision;
    }
    if (output.reason) joined.reason.push(output.reason);
    if (output.systemMessage) joined.systemMessage.push(output.systemMessage);
    if (output.suppressOutput) merged.suppressOutput = true;
    const specific = output.hookSpecificOutput as Record<string, unknown> | undefined;
    if (specific) {
      const { clearContext, ...rest } = specific;
      const current = merged.hookSpecificOutput as Record<string, unknown> | undefined;
      merged.hookSpecificOutput = { ...current, ...(clearContext === true ? { clearContext: true } : {}), ...rest };
      // `in` on a string or number throws, as in Gemini's extractAdditionalContext: the whole merge fails.
      if ('additionalContext' in specific && typeof specific.additionalContext === 'string') {
        joined.additionalContext.push(specific.additionalContext);
      }
    }
  }
  if (!blocked && !asked && !stopped) merged.decision = 'allow';
  if (joined.stopReason.length > 0) merged.stopReason = joined.stopReason.join('\n');
  if (joined.reason.length > 0) merged.reason = joined.reason.join('\n');
  if (joined.systemMessage.length > 0) merged.systemMessage = joined.systemMessage.join('\n');
  if (joined.additionalContext.length > 0) {
    merged.hookSpecificOutput = {
      ...(merged.hookSpecificOutput as object | undefined),
      additionalContext: joined.additionalContext.join('\n'),
    };
  }
  return merged;
}

/** Model events: later outputs replace earlier fields; `hookSpecificOutput` merges key by key. */
function mergeReplacingFields(outputs: readonly HookOutput[]): HookOutput {
  let merged: HookOutput = {};
  for (const output of outputs) {
    merged = {
      ...merged,
      ...output,
      hookSpecificOutput: { ...(merged.hookSpecificOutput as object | undefined), ...(output.hookSpecificOutput as object | undefined) },
    };
  }
  return merged;
}

/**
 * BeforeToolSelection: only `hookSpecificOutput.toolConfig` counts. Any NONE mode wins (no
 * functions), else any ANY mode, else AUTO; the allowed function names of every hook are unioned
 * and sorted. Decisions and `continue` of this event are dropped.
 */
function mergeToolSelection(outputs: readonly HookOutput[]): HookOutput {
  const names = new Set<unknown>();
  let none = false;
  let any = false;
  for (const output of outputs) {
    const config = (output.hookSpecificOutput as { toolConfig?: { mode?: unknown; allowedFunctionNames?: Iterable<unknown> } } | undefined)
      ?.toolConfig;
    if (!config) continue;
    if (config.mode === 'NONE') none = true;
    else if (config.mode === 'ANY') any = true;
    if (config.allowedFunctionNames) for (const name of config.allowedFunctionNames) names.add(name);
  }
  const mode = none ? 'NONE' : any ? 'ANY' : 'AUTO';
  const allowedFunctionNames = none ? [] : [...names].sort();
  return { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode, allowedFunctionNames } } };
}
