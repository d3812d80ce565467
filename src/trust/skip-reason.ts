import type { HandlerSource } from '../kit/handler-record.js';
import type { StandingSkipReason } from '../kit/outcome.js';
import type { HandlerTrust } from '../kit/trust-authority.js';

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
