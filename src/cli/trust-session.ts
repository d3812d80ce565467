import { loadDialect } from '../dialects/registry.js';
import { UsageError } from '../errors.js';
import { openTrustSession, type TrustSession } from '../trust/session.js';
import { loadContextOf, resolveCommon, type CommonOptionValues } from './common-context.js';

/** The trust session of a trust, untrust, enable or disable command, from its common options. */
export async function openCliTrustSession(options: CommonOptionValues): Promise<TrustSession> {
  const common = resolveCommon(options);
  const dialect = await loadDialect(common.dialectId);
  // A dialect without per-hook trust explains that in one line; nothing is loaded or written.
  if (dialect.trust.notApplicable !== undefined) throw new UsageError(dialect.trust.notApplicable);
  return openTrustSession(dialect, loadContextOf(common));
}

/** `trust` and `untrust` take hook ids or `--all`; both at once is ambiguous, so it is refused. */
export function refuseIdsWithAll(ids: readonly string[], all: boolean | undefined): void {
  if (all && ids.length > 0) throw new UsageError(`give hook ids or --all, not both (got --all and ${ids.join(', ')})`);
}
