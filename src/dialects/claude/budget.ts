import type { HandlerRecord } from '../../kit/index.js';

/** cc hooks §SessionEnd: the hooks of one SessionEnd share 1.5 s by default. */
export const SESSION_END_DEFAULT_MS = 1500;
/** A per-hook `timeout` in a settings file raises the shared budget, up to this. */
export const SESSION_END_MAX_MS = 60_000;

/**
 * The time all SessionEnd hooks of a dispatch share (SPEC-dialects 8.2): 1.5 s, raised to the
 * largest `timeout` a settings file (not a plugin) sets on one of them, at most 60 s;
 * `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS` in the agent's environment overrides it (cc env).
 */
export function sessionEndBudgetMs(selected: readonly HandlerRecord[], env: Readonly<Record<string, string | undefined>>): number {
  const override = env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS;
  if (override !== undefined && /^\s*\d+\s*$/.test(override) && Number(override) > 0) return Number(override);
  const set = selected.filter((handler) => handler.timeoutSet === true && handler.source !== 'plugin').map((handler) => handler.timeoutMs);
  return Math.min(SESSION_END_MAX_MS, Math.max(SESSION_END_DEFAULT_MS, ...set));
}
