import { setHooksEnabled } from '../../trust/operations.js';
import type { CommonOptionValues } from '../common-context.js';
import { openCliTrustSession } from '../trust-session.js';
import { showText } from '../../util/show-text.js';

/** `hookctl disable`: keep a hook from running without removing it from its file. */
export async function disable(id: string, options: CommonOptionValues): Promise<number> {
  const session = await openCliTrustSession(options);
  const changed = await setHooksEnabled(session.authority, session.handlers, session.context, id, false);
  for (const handler of changed) process.stdout.write(`${showText(`disabled hook ${handler.id} (${handler.file ?? handler.source})`)}\n`);
  return 0;
}
