import type { EventSpec } from '../../kit/index.js';

/**
 * The eleven Gemini CLI hook events (packages/core/src/hooks/types.ts `HookEventName`). Matchers:
 * BeforeTool and AfterTool test `tool_name` as a JavaScript regex; SessionStart, SessionEnd and
 * PreCompress compare their trigger exactly (hookPlanner.ts `matchesTrigger`); every other event is
 * fired without a matcher context, so a matcher there is ignored and the hook always runs.
 * Gemini CLI has no async hooks and no in-process hooks of a host.
 */
export const GEMINI_EVENTS = [
  guard(event('BeforeTool', 'before a tool runs; can deny it or rewrite its arguments (tool_input)', 'tool_name')),
  event('AfterTool', 'after a tool ran; can hide its result or add context for the model', 'tool_name'),
  guard(event('BeforeAgent', 'after the user submits a prompt, before planning; can block the turn or add context')),
  event('AfterAgent', 'when the agent loop ends; can force a retry (deny) or clear the context'),
  event('BeforeModel', 'before each model request; can rewrite the request or answer it synthetically'),
  event('AfterModel', 'after each model response chunk; can rewrite the response'),
  event('BeforeToolSelection', 'before the model chooses tools; can narrow the tool configuration'),
  event('SessionStart', 'when a session starts, resumes or is cleared; stdout context is added', 'source', ['startup', 'resume', 'clear']),
  event('SessionEnd', 'when a session ends; advisory only', 'reason', ['exit', 'clear', 'logout', 'prompt_input_exit', 'other']),
  event('PreCompress', 'before the history is compressed; advisory only', 'trigger', ['manual', 'auto']),
  event('Notification', 'when Gemini CLI shows a notification (a tool awaiting permission); advisory only'),
] as const satisfies readonly EventSpec[];

export type GeminiEventName = (typeof GEMINI_EVENTS)[number]['name'];

/** Tool events: their matcher is a JavaScript regex tested against `tool_name`. */
export const TOOL_EVENTS: ReadonlySet<string> = new Set(['BeforeTool', 'AfterTool']);

function event<N extends string>(
  name: N,
  summary: string,
  matcherField: string | null = null,
  closedTargets: readonly string[] | null = null,
): {
  name: N;
  summary: string;
  matcherField: string | null;
  closedTargets: readonly string[] | null;
  asyncAllowed: false;
  inProcessAllowed: false;
} {
  return { name, summary, matcherField, closedTargets, asyncAllowed: false, inProcessAllowed: false };
}

/** A guard event: exit 2 with the reason on stderr refuses the tool call or the prompt. */
function guard<S extends EventSpec>(spec: S): S & { guard: 'exit-2' } {
  return { ...spec, guard: 'exit-2' };
}
