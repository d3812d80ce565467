import { untrustHooks } from '../../trust/operations.js';
import type { CommonOptionValues } from '../common-context.js';
import { openCliTrustSession, refuseIdsWithAll } from '../trust-session.js';
import { showText } from '../../util/show-text.js';

export interface UntrustOptions extends CommonOptionValues {
  all?: boolean;
}

/** `hookctl untrust`: forget recorded trust, so the hooks stop running until reviewed again. */
export async function untrust(ids: readonly string[], options: UntrustOptions): Promise<number> {
  refuseIdsWithAll(ids, options.all);
  const session = await openCliTrustSession(options);
  const revoked = await untrustHooks(session.authority, session.handlers, session.context, { ids, all: options.all === true });
  for (const unit of revoked) process.stdout.write(`${showText(`untrusted ${unit.label}`)}\n`);
  if (revoked.length === 0) process.stdout.write('nothing was trusted\n');
  return 0;
}
