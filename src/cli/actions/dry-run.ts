import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import { loadDialect } from '../../dialects/registry.js';
import { makeFixture } from '../../fixture/make-fixture.js';
import { resolvePortable } from '../../fixture/portable-paths.js';
import { strayOverrides } from '../../fixture/stray-overrides.js';
import { UsageError } from '../../errors.js';
import { formatAsyncResult, formatOutcome, runTrustNotes } from '../../report/format-outcome.js';
import type { AsyncRunResult } from '../../engine/dispatch.js';
import type { DialectManifest } from '../../kit/manifest.js';
import { PROVEN_AGENTS } from '../../dialects/shared/agent-versions.js';
import { noteInstalledAgents } from '../agent-notes.js';
import { resolveCommon, type CommonOptionValues } from '../common-context.js';
import { guardHookProcesses } from '../hook-processes.js';
import { openEngine } from '../open-engine.js';
import { createProgress } from '../progress.js';
import { readJsonPayload } from '../read-input.js';
import { describeNotSelected, notSelected } from '../why-not.js';
import { stringifyJson } from '../../util/safe-json.js';

export interface DryRunOptions extends CommonOptionValues {
  rewriteOrder?: 'completion' | 'configured';
  payload?: string;
  tool?: string;
  set?: string[];
  dangerouslyBypassHookTrust?: boolean;
  json?: boolean;
  /** `--agent-version <dialect>=<version>` values. */
  agentVersion?: string[];
}

/** `hookctl dry-run`: one dispatch through the real engine, reported for a person or as JSON. */
export async function dryRun(event: string, options: DryRunOptions): Promise<number> {
  const common = resolveCommon(options);
  if (options.payload !== undefined && (options.tool !== undefined || options.set !== undefined)) {
    throw new UsageError('--tool and --set shape a generated fixture; they cannot be combined with --payload');
  }
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);
  // The installed agent is asked while the engine opens; a difference is said once, before the report.
  const installed = noteInstalledAgents([common.dialectId], options.agentVersion);
  const engine = await openEngine(common, { bypassTrust, strictPayload: true, rewriteOrder: options.rewriteOrder });
  const dialect = await loadDialect(common.dialectId);
  const [check] = await installed;
  const proven = PROVEN_AGENTS[common.dialectId];
  const asyncResults: AsyncRunResult[] = [];
  const { interruptedExitCode } = await guardHookProcesses(async (signal) => {
    try {
      const payload =
        options.payload !== undefined
          ? resolvePortable(await readJsonPayload(options.payload), common.cwd)
          : makeFixture(dialect, event, { cwd: common.cwd }, options.set, {
              ...(options.tool === undefined ? {} : { tool: options.tool }),
              onWarning: (message) => process.stderr.write(`hookctl: warning: ${message}\n`),
            });
      for (const warning of strayOverrides(common.dialectId, event, options.set ?? []))
        process.stderr.write(`hookctl: warning: ${warning}\n`);
      const progress = options.json ? undefined : createProgress();
      // Async hooks finish after the verdict; the text report shows what they hand the agent for later.
      const onAsyncEnd = options.json ? undefined : (result: AsyncRunResult) => asyncResults.push(result);
      const outcome = await engine
        .dispatch(event, payload, {
          signal,
          ...(onAsyncEnd ? { onAsyncEnd } : {}),
          ...(progress ? { onRunStart: progress.onRunStart, onRunEnd: progress.onRunEnd } : {}),
        })
        .finally(() => progress?.stop());
      // The handlers selection passed over, each with its true reason (matcher or `if` rule).
      const selected = new Set(outcome.runs.map((run) => run.id));
      const passedOver = notSelected(engine.handlers, selected, event, outcome.matcherTarget, dialect.aliases, payload);
      if (options.json) {
        // What the text report says about each run's trust (why it was held back, what the agent announces).
        const trustNotes = runTrustNotes(outcome, engine.handlers);
        const agent =
          proven === undefined
            ? null
            : { name: proven.agent, provenVersion: proven.version, installedVersion: check?.installed ?? null, relation: check?.relation };
        process.stdout.write(`${stringifyJson({ ...outcome, notSelected: passedOver, trustNotes, agent }, 2)}\n`);
      } else {
        // The bypass warning was already printed on stderr, as the SPEC asks.
        const shown = { ...outcome, warnings: outcome.warnings.filter((warning) => warning !== BYPASS_TRUST_WARNING) };
        const whyNot = new Map(
          passedOver.filter((entry) => entry.reason === 'if-filter').map((entry) => [entry.id, describeNotSelected(entry)]),
        );
        const perHookTrust = dialect.trust.notApplicable === undefined;
        const against = proven === undefined ? undefined : `${proven.agent} ${proven.version}`;
        process.stdout.write(formatOutcome(shown, engine.handlers, whyNot, perHookTrust, workspaceTrustHint(dialect.manifest), against));
      }
    } finally {
      await engine.close({ signal });
    }
    for (const result of asyncResults) process.stdout.write(formatAsyncResult(result));
  });
  return interruptedExitCode ?? 0;
}

/**
 * What to do about a hook the agent holds back because it does not trust the folder: where the
 * dialect records the agent's project trust, `trust --project` does it after review; elsewhere the
 * trust is the agent's own to give, and `--dangerously-bypass-hook-trust` takes the folder as trusted here.
 */
function workspaceTrustHint(manifest: DialectManifest): string {
  const recorded = manifest.cli?.projectTrust;
  if (recorded !== undefined) return `review and trust the project with \`hookctl trust --yes --project\` (it writes ${recorded})`;
  const agent = manifest.agentName ?? manifest.id;
  const bypass = '--dangerously-bypass-hook-trust takes the folder as trusted for this dry-run';
  return `${agent} runs it once you trust this folder in ${agent}; ${bypass}`;
}
