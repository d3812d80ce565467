import type { HandlerSource } from '../config/handler-record.js';
import type { HandlerTrust } from '../dialects/dialect.js';
import type { SkipReason } from '../engine/outcome.js';

/** Why a loaded handler never runs, known before any dispatch (so never `decided`). */
export type StandingSkipReason = Exclude<SkipReason, 'decided'>;

/**
 * SPEC 2.7's order of reasons: managed hooks always run; allow_managed_hooks_only drops the rest;
 * a disabled hook stays off even under the bypass; the bypass only lifts missing or stale trust.
 */
export function standingSkipReason(
  source: HandlerSource,
  trust: HandlerTrust,
  managedOnly: boolean,
  bypassTrust: boolean,
): StandingSkipReason {
  if (source === 'managed') return null;
  if (managedOnly) return 'managed-only';
  if (!trust.enabled) return 'disabled';
  if ((trust.status === 'untrusted' || trust.status === 'modified') && !bypassTrust) return trust.status;
  return null;
}
