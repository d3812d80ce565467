import { resolve } from 'node:path';
import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import type { Outcome } from '../../kit/index.js';
import { refusePlaceholderCwd } from '../../fixture/portable-paths.js';
import { showText } from '../../util/show-text.js';
import { resolveCommon, type CommonOptionValues } from '../common-context.js';
import { guardHookProcesses } from '../hook-processes.js';
import { openEngine } from '../open-engine.js';
import { readJsonPayload } from '../read-input.js';
import { stringifyJson } from '../../util/safe-json.js';
import { monotonicMs } from '../../util/monotonic-ms.js';

export interface RunOptions extends CommonOptionValues {
  rewriteOrder?: 'completion' | 'configured';
  dangerouslyBypassHookTrust?: boolean;
  log?: string;
}

/** `hookctl run`: one dispatch for an agent; the outcome JSON is written before async hooks are awaited. */
export async function run(event: string, options: RunOptions): Promise<number> {
  const common = resolveCommon(options);
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);
  const payload = await readJsonPayload('-');
  refusePlaceholderCwd(payload);
  // An empty HOOKCTL_LOG is no log, as an unset one.
  const logPath = options.log || process.env.HOOKCTL_LOG || undefined;
  const engine = await openEngine(common, { bypassTrust, rewriteOrder: options.rewriteOrder, configCache: true, events: [event] });
  const { interruptedExitCode } = await guardHookProcesses(async (signal) => {
    try {
      const started = monotonicMs();
      const outcome = await engine.dispatch(event, payload, { signal });
      await new Promise<void>((resolve) => process.stdout.write(`${stringifyJson(outcome)}\n`, () => resolve()));
      if (logPath) await appendToLog(logPath, common.dialectId, event, payload, outcome, monotonicMs() - started);
    } finally {
      // Ctrl-C while async hooks run stops them instead of waiting for their timeouts.
      await engine.close({ signal });
    }
  });
  return interruptedExitCode ?? 0;
}

/** After the outcome is written: a log that cannot be written costs one warning line, never the verdict. */
async function appendToLog(path: string, dialect: string, event: string, payload: unknown, outcome: Outcome, durationMs: number) {
  const { appendDispatchLog, logRecord } = await import('../../replay/dispatch-log.js');
  const refused = appendDispatchLog(resolve(path), logRecord(dialect, event, payload, outcome, durationMs));
  if (refused !== null) process.stderr.write(`hookctl: warning: dispatch log: ${showText(refused)}\n`);
}
