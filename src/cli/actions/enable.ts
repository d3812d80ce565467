import { setHooksEnabled } from '../../trust/operations.js';
import type { CommonOptionValues } from '../common-context.js';
import { openCliTrustSession } from '../trust-session.js';
import { showText } from '../../util/show-text.js';

/** `hookctl enable`: let a disabled hook run again. */
export async function enable(id: string, options: CommonOptionValues): Promise<number> {
  const session = await openCliTrustSession(options);
  const changed = await setHooksEnabled(session.authority, session.handlers, session.context, id, true);
  for (const handler of changed) process.stdout.write(`${showText(`enabled hook ${handler.id} (${handler.file ?? handler.source})`)}\n`);
  return 0;
}
