import type { HandlerRecord } from '../kit/handler-record.js';
import type { StandingSkipReason } from '../kit/outcome.js';
import type { HandlerTrust } from '../kit/trust-authority.js';

/**
 * SPEC 2.7's order of reasons: a handler hookctl cannot run never runs; managed hooks always run
 * otherwise; the managed-only switch drops the rest; a disabled hook stays off even under the
 * bypass; the bypass only lifts missing or stale trust (of the hook, or of its workspace).
 */
export function standingSkipReason(
  handler: Pick<HandlerRecord, 'source' | 'unrunnable'>,
  trust: HandlerTrust,
  managedOnly: boolean,
  bypassTrust: boolean,
): StandingSkipReason {
  if (handler.unrunnable) return handler.unrunnable.reason;
  if (handler.source === 'managed') return null;
  if (managedOnly) return 'managed-only';
  if (!trust.enabled) return 'disabled';
  if (bypassTrust) return null;
  if (trust.gate) return trust.gate;
  if (trust.status === 'untrusted' || trust.status === 'modified') return trust.status;
  return null;
}
