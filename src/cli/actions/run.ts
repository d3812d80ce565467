import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import { resolveCommon, type CommonOptionValues } from '../common-options.js';
import { guardHookProcesses } from '../hook-processes.js';
import { openEngine } from '../open-engine.js';
import { readJsonPayload } from '../read-input.js';
import { stringifyJson } from '../../util/safe-json.js';

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
  const { interruptedExitCode } = await guardHookProcesses(async (signal) => {
    try {
      const outcome = await engine.dispatch(event, payload, { signal });
      await new Promise<void>((resolve) => process.stdout.write(`${stringifyJson(outcome)}\n`, () => resolve()));
    } finally {
      // Ctrl-C while async hooks run stops them instead of waiting for their timeouts.
      await engine.close({ signal });
    }
  });
  return interruptedExitCode ?? 0;
}
