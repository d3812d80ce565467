import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import { resolveCommon, type CommonOptionValues } from '../common-options.js';
import { INTERRUPTED_EXIT_CODE, untilInterrupted } from '../interrupt.js';
import { openEngine } from '../open-engine.js';
import { readJsonPayload } from '../read-input.js';

export interface RunOptions extends CommonOptionValues {
  rewriteOrder?: 'completion' | 'configured';
  dangerouslyBypassHookTrust?: boolean;
}

/** `hookctl run`: one dispatch for an agent; the outcome JSON is written before async hooks are awaited. */
export async function run(event: string, options: RunOptions): Promise<number> {
  const common = resolveCommon(options);
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);
  const payload = await readJsonPayload('-');
  const engine = await openEngine(common, { bypassTrust, rewriteOrder: options.rewriteOrder });
  try {
    const { value: outcome, interrupted } = await untilInterrupted((signal) => engine.dispatch(event, payload, { signal }));
    await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(outcome)}\n`, () => resolve()));
    return interrupted ? INTERRUPTED_EXIT_CODE : 0;
  } finally {
    await engine.close();
  }
}
