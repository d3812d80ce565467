import type { Outcome, RunReport } from '../kit/index.js';

/** What a replayed event came to: the decision the hooks reached, or why none was reached. */
export type Verdict = 'deny' | 'ask' | 'allow' | 'defer' | 'rewritten' | 'none' | 'failed';

export const VERDICTS: readonly Verdict[] = ['deny', 'ask', 'allow', 'defer', 'rewritten', 'none', 'failed'];

/**
 * A blocking outcome is `deny` whatever the words (exit 2, `decision: block`, `continue: false`);
 * a rewrite is `rewritten` (it needs an allow, SPEC 2.5); `none` is no decision at all, whether no
 * hook matched or the hooks that ran had nothing to say; `failed` is no decision because a hook
 * failed (a crash, a timeout) — the agent would have let the call through.
 */
export function verdictOf(outcome: Outcome): Verdict {
  if (outcome.blocked || outcome.decision === 'deny') return 'deny';
  if (outcome.decision === 'ask') return 'ask';
  if (outcome.decision === 'defer') return 'defer';
  if (outcome.updatedInput !== null && outcome.updatedInput !== undefined) return 'rewritten';
  if (outcome.decision === 'allow') return 'allow';
  if (outcome.runs.some(isFailure)) return 'failed';
  return 'none';
}

/** The reason shown beside a verdict: the hooks' own, else what kept the hooks from deciding. */
export function reasonOf(outcome: Outcome): string | null {
  if (outcome.reason !== null && outcome.reason !== '') return outcome.reason;
  if (outcome.stopReason !== null && outcome.stopReason !== '') return outcome.stopReason;
  const failed = outcome.runs.find(isFailure);
  if (failed) return `${failed.id}: ${failed.error ?? `${failed.status}${failed.exitCode === null ? '' : ` (exit ${failed.exitCode})`}`}`;
  const skipped = outcome.runs.filter((run) => run.status === 'skipped' && run.skipReason !== 'decided' && run.skipReason !== 'duplicate');
  if (skipped.length === 0 || skipped.length !== outcome.runs.length) return null;
  const why = [...new Set(skipped.map((run) => run.skipReason))].join(', ');
  return `${skipped.length} matching hook${skipped.length === 1 ? '' : 's'} not run: ${why}`;
}

function isFailure(run: RunReport): boolean {
  return run.status === 'failed' || run.status === 'timed_out';
}

/** Verdicts that stop the call: what "newly blocks" counts in a comparison. */
export function blocks(verdict: Verdict): boolean {
  return verdict === 'deny';
}
