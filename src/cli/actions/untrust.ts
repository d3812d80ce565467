import { untrustHooks } from '../../trust/operations.js';
import type { CommonOptionValues } from '../common-context.js';
import { openCliTrustSession, refuseIdsWithAll } from '../trust-session.js';
import { showText } from '../../util/show-text.js';

export interface UntrustOptions extends CommonOptionValues {
  all?: boolean;
}

/**
 * `hookctl untrust`: forget recorded trust. The hooks then stop running until reviewed again, unless
 * the dialect's manifest says its agent does something else (`DialectCliFacts.untrustEffect`): that
 * sentence follows the list of what was untrusted.
 */
export async function untrust(ids: readonly string[], options: UntrustOptions): Promise<number> {
  refuseIdsWithAll(ids, options.all);
  const session = await openCliTrustSession(options);
  const revoked = await untrustHooks(session.authority, session.handlers, session.context, { ids, all: options.all === true });
  for (const unit of revoked) process.stdout.write(`${showText(`untrusted ${unit.label}`)}\n`);
  if (revoked.length === 0) process.stdout.write('nothing was trusted\n');
  const effect = session.dialect.manifest.cli?.untrustEffect;
  if (revoked.length > 0 && effect !== undefined) process.stdout.write(`note: ${effect}\n`);
  return 0;
}
