import type { AgentCase, AgentDisagreement } from '../../../kit/agent-driver.js';
import type { Outcome } from '../../../kit/outcome.js';
import { isPlainObject } from '../../../util/is-plain-object.js';
import type { ChatRequest } from './chat-server.js';
import { CASE_CALL } from './script.js';
import { observePromptReached } from '../../../testing/agent-observations.js';

/**
 * Reading back what GitHub Copilot CLI did from what the scripted model was sent (1.0.102's texts,
 * proven by test/agents/copilot/conformance.test.ts): a denied call's result starts with
 * `Denied by preToolUse hook`, a PermissionRequest deny with `Permission denied by`, a withheld
 * result with `Tool result blocked:`; a rewrite shows in the model's own call; contexts, a stop's
 * reason and replaced results appear in the conversation.
 */
export interface Conversation {
  /** The requests that took a scripted turn (they offered tools). */
  readonly steps: readonly ChatRequest[];
  /** Every text of every step's messages, project paths as the user's. */
  readonly text: string;
  /** The result the model got for the case's call, or null. */
  readonly caseResult: string | null;
  /** The case's call as the last step carries it (Copilot rewrites it with modifiedArgs), or null. */
  readonly caseArgs: Record<string, unknown> | null;
  /** The last user message of the last step: what Copilot gave the model when the turn went on (a stop hook's reason). */
  readonly lastPrompt: string;
}

export function conversation(requests: readonly ChatRequest[], copy: string, projectDir: string): Conversation {
  const steps = requests.filter((request) => request.step);
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (isPlainObject(value)) Object.values(value).forEach(walk);
  };
  for (const step of steps) walk(messagesOf(step));
  const back = (value: string): string => value.split(copy).join(projectDir);
  let caseResult: string | null = null;
  let caseArgs: Record<string, unknown> | null = null;
  for (const step of steps) {
    for (const message of messagesOf(step)) {
      if (!isPlainObject(message)) continue;
      if (message.role === 'tool' && message.tool_call_id === CASE_CALL) caseResult = back(contentText(message.content));
      const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
      const call = calls.find((c) => isPlainObject(c) && c.id === CASE_CALL);
      if (isPlainObject(call) && isPlainObject(call.function) && typeof call.function.arguments === 'string')
        caseArgs = parseObject(back(call.function.arguments));
    }
  }
  const users = messagesOf(steps.at(-1)).filter((m) => isPlainObject(m) && m.role === 'user') as Record<string, unknown>[];
  const lastPrompt = back(contentText(users.at(-1)?.content)).slice(-2000);
  return { steps, text: back(texts.join('\n')), caseResult, caseArgs, lastPrompt };
}

function messagesOf(request: ChatRequest | undefined): unknown[] {
  return request !== undefined && isPlainObject(request.body) && Array.isArray(request.body.messages) ? request.body.messages : [];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isPlainObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

const quote = (text: string | null | undefined): string => (text === null || text === undefined ? 'no reason' : JSON.stringify(text));
/** Numbers masked: hookctl ran the hooks once and the agent again, and a duration or pid differs. */
const masked = (text: string): string => text.replace(/\d+(\.\d+)?/g, '#');
const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
const contains = (haystack: string, needle: string): boolean => masked(haystack).includes(masked(needle));

/** preToolUse, PreToolUse: denied or ran, and with which arguments. */
export function observeGate(c: AgentCase, talk: Conversation, out: AgentDisagreement[]): string {
  const prediction = c.prediction;
  const result = talk.caseResult ?? '';
  const denied = result.startsWith('Denied by preToolUse hook');
  const summary = denied ? `denied the call: ${quote(result)}` : 'ran the call';
  const predictedDeny = prediction.decision === 'deny';
  const predicted = predictedDeny ? `deny: ${quote(prediction.reason)}` : `${prediction.decision ?? 'no decision'}: the call runs`;
  if (denied !== predictedDeny) {
    out.push({ field: 'decision', agentDid: summary, hookctlPredicts: predicted, agentValue: denied ? 'deny' : null });
    out.push({
      field: 'reason',
      agentDid: `told the model ${quote(denied ? result : null)}`,
      hookctlPredicts: quote(prediction.reason),
      agentValue: denied ? result : null,
    });
    return summary;
  }
  if (denied && prediction.reason !== null && !contains(result, prediction.reason)) {
    out.push({
      field: 'reason',
      agentDid: `told the model ${quote(result)}`,
      hookctlPredicts: quote(prediction.reason),
      agentValue: result,
    });
    return summary;
  }
  if (denied) return summary;
  return checkArgs(c, talk, out) ?? summary;
}

/**
 * The arguments the call ran with (the model's call as Copilot rewrote it) against hookctl's
 * updatedInput, or the case's own when hookctl predicts no rewrite; only the fields hookctl names.
 */
function checkArgs(c: AgentCase, talk: Conversation, out: AgentDisagreement[]): string | null {
  const ran = talk.caseArgs;
  if (ran === null) return null;
  const asked = c.payload.toolArgs ?? c.payload.toolInput ?? c.payload.tool_input;
  const original = isPlainObject(asked) ? asked : {};
  const predicted = isPlainObject(c.prediction.updatedInput) ? c.prediction.updatedInput : original;
  const differs = (from: Record<string, unknown>): boolean =>
    Object.entries(from).some(([key, value]) => JSON.stringify(ran[key]) !== JSON.stringify(value));
  const shown = typeof ran.command === 'string' ? ran.command : JSON.stringify(ran);
  const rewritten = differs(original) ? `ran the call rewritten to ${JSON.stringify(clip(shown))}` : null;
  if (differs(predicted))
    out.push({
      field: 'updatedInput',
      agentDid: `ran it with ${JSON.stringify(clip(JSON.stringify(ran)))}`,
      hookctlPredicts: `it runs with ${JSON.stringify(clip(JSON.stringify(predicted)))}`,
      agentValue: ran,
    });
  return rewritten;
}

/** permissionRequest, PermissionRequest: a deny refuses the call with its message; otherwise it runs. */
export function observePermission(c: AgentCase, talk: Conversation, out: AgentDisagreement[]): string {
  const prediction = c.prediction;
  const result = talk.caseResult ?? '';
  const denied = result.startsWith('Permission denied by');
  const summary = denied ? `refused the call: ${quote(result)}` : 'allowed the call: it ran';
  const predictedDeny = prediction.decision === 'deny';
  const predicted = predictedDeny ? `deny: ${quote(prediction.reason)}` : `${prediction.decision ?? 'no decision'}: the call runs`;
  if (denied !== predictedDeny)
    out.push({ field: 'decision', agentDid: summary, hookctlPredicts: predicted, agentValue: denied ? 'deny' : 'allow' });
  else if (denied && prediction.reason !== null && !contains(result, prediction.reason))
    out.push({ field: 'reason', agentDid: `told the model ${quote(result)}`, hookctlPredicts: predicted, agentValue: result });
  return summary;
}

/** postToolUse, PostToolUse: the result withheld (`decision: "block"`) or replaced (`modifiedResult`). */
export function observePost(c: AgentCase, talk: Conversation, out: AgentDisagreement[]): string {
  const prediction = c.prediction;
  const result = talk.caseResult ?? '';
  const blocked = result.startsWith('Tool result blocked:');
  const summary = blocked ? `withheld the result: ${quote(result)}` : 'gave the model the result';
  if (blocked !== prediction.blocked)
    out.push({
      field: 'blocked',
      agentDid: summary,
      hookctlPredicts: prediction.blocked ? `the result is withheld: ${quote(prediction.reason)}` : 'the model gets the result',
      agentValue: blocked,
    });
  else if (blocked && prediction.reason !== null && !contains(result, prediction.reason))
    out.push({
      field: 'reason',
      agentDid: `told the model ${quote(result)}`,
      hookctlPredicts: quote(prediction.reason),
      agentValue: result,
    });
  const replaced = prediction.dialectOutput?.modifiedResult;
  const replacement = isPlainObject(replaced) && typeof replaced.textResultForLlm === 'string' ? replaced.textResultForLlm : null;
  if (!blocked && replacement !== null && !contains(result, replacement))
    out.push({
      field: 'dialectOutput',
      agentDid: `gave the model ${quote(clip(result))}`,
      hookctlPredicts: `modifiedResult replaces it with ${quote(clip(replacement))}`,
      agentValue: null,
    });
  return summary;
}

/** userPromptSubmitted, UserPromptSubmit: `decision: "block"` keeps the prompt from the model (and copilot -p exits 1). */
export function observePrompt(prediction: Outcome, talk: Conversation, out: AgentDisagreement[]): string {
  return observePromptReached(prediction, talk.steps.length > 0, out);
}

/** agentStop, Stop: a block is another model turn with the reason as its prompt. */
export function observeStop(prediction: Outcome, continued: boolean, out: AgentDisagreement[]): string {
  const summary = continued ? 'went on after the final message (the stop was blocked)' : 'stopped';
  if (continued !== prediction.blocked)
    out.push({
      field: 'blocked',
      agentDid: summary,
      hookctlPredicts: prediction.blocked ? `the stop is blocked: ${quote(prediction.reason)}` : 'the agent stops',
      agentValue: continued,
    });
  return summary;
}

/**
 * Every text hookctl says reaches the model must be there: additionalContext, a stop's or a
 * subagent stop's block reason, and the fields Copilot takes over (modifiedTransformedPrompt,
 * modifiedResponse).
 */
export function checkTexts(prediction: Outcome, seen: string, out: AgentDisagreement[]): void {
  if (out.length > 0) return;
  const context = prediction.additionalContext;
  if (context !== null && context !== '' && !contains(seen, context))
    out.push({
      field: 'additionalContext',
      agentDid: 'never showed the model that context',
      hookctlPredicts: `the model reads ${quote(clip(context))}`,
      agentValue: null,
    });
  const stopLike = ['agentStop', 'Stop', 'subagentStop', 'SubagentStop'].includes(prediction.event);
  if (stopLike && prediction.blocked && prediction.reason !== null && !contains(seen, prediction.reason))
    out.push({
      field: 'reason',
      agentDid: 'never showed the model that reason',
      hookctlPredicts: `the model reads ${quote(clip(prediction.reason))}`,
      agentValue: null,
    });
  for (const key of ['modifiedTransformedPrompt', 'modifiedResponse']) {
    const value = prediction.dialectOutput?.[key];
    if (typeof value === 'string' && value !== '' && !contains(seen, value))
      out.push({
        field: 'dialectOutput',
        agentDid: `never showed the model the ${key}`,
        hookctlPredicts: `the model reads ${quote(clip(value))}`,
        agentValue: null,
      });
  }
}
