import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import { loadDialect } from '../../dialects/registry.js';
import { makeFixture } from '../../fixture/make-fixture.js';
import { strayOverrides } from '../../fixture/stray-overrides.js';
import { UsageError } from '../../errors.js';
import { formatOutcome } from '../../report/format-outcome.js';
import { resolveCommon, type CommonOptionValues } from '../common-options.js';
import { guardHookProcesses } from '../hook-processes.js';
import { openEngine } from '../open-engine.js';
import { createProgress } from '../progress.js';
import { readJsonPayload } from '../read-input.js';

export interface DryRunOptions extends CommonOptionValues {
  rewriteOrder?: 'completion' | 'configured';
  payload?: string;
  tool?: string;
  set?: string[];
  dangerouslyBypassHookTrust?: boolean;
  json?: boolean;
}

/** `hookctl dry-run`: one dispatch through the real engine, reported for a person or as JSON. */
export async function dryRun(event: string, options: DryRunOptions): Promise<number> {
  const common = resolveCommon(options);
  if (options.payload !== undefined && (options.tool !== undefined || options.set !== undefined)) {
    throw new UsageError('--tool and --set shape a generated fixture; they cannot be combined with --payload');
  }
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);
  const engine = await openEngine(common, { bypassTrust, strictPayload: true, rewriteOrder: options.rewriteOrder });
  const { interruptedExitCode } = await guardHookProcesses(async (signal) => {
    try {
      const payload =
        options.payload !== undefined
          ? await readJsonPayload(options.payload)
          : makeFixture(await loadDialect(common.dialectId), event, { cwd: common.cwd }, [
              ...(options.tool === undefined ? [] : [`tool_name=${JSON.stringify(options.tool)}`]),
              ...(options.set ?? []),
            ]);
      for (const warning of strayOverrides(common.dialectId, event, options.set ?? [])) process.stderr.write(`hookctl: warning: ${warning}\n`);
      const progress = options.json ? undefined : createProgress();
      const outcome = await engine
        .dispatch(event, payload, { signal, ...(progress ? { onRunStart: progress.onRunStart, onRunEnd: progress.onRunEnd } : {}) })
        .finally(() => progress?.stop());
      if (options.json) {
        process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
      } else {
        // The bypass warning was already printed on stderr, as the SPEC asks.
        const shown = { ...outcome, warnings: outcome.warnings.filter((warning) => warning !== BYPASS_TRUST_WARNING) };
        process.stdout.write(formatOutcome(shown, engine.handlers));
      }
    } finally {
      await engine.close({ signal });
    }
  });
  return interruptedExitCode ?? 0;
}
