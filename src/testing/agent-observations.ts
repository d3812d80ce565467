import type { AgentDisagreement } from '../kit/agent-driver.js';

/** A hook's reason as a disagreement quotes it. */
export const quoteReason = (text: string | null | undefined): string =>
  text === null || text === undefined ? 'no reason' : JSON.stringify(text);

/**
 * A prompt event, as every agent driver reads it: the agent sent the prompt to the model or kept it
 * back. Where hookctl predicted the other, a `blocked` disagreement; the agent's summary either way.
 */
export function observePromptReached(
  predicted: { readonly blocked: boolean; readonly reason: string | null },
  modelCalled: boolean,
  out: AgentDisagreement[],
): string {
  const summary = modelCalled ? 'sent the prompt to the model' : 'blocked the prompt';
  if (modelCalled === predicted.blocked)
    out.push({
      field: 'blocked',
      agentDid: summary,
      hookctlPredicts: predicted.blocked ? `the prompt is blocked: ${quoteReason(predicted.reason)}` : 'the prompt reaches the model',
      agentValue: !modelCalled,
    });
  return summary;
}
