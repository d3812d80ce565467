import { once } from 'node:events';
import { join } from 'node:path';
import { BYPASS_TRUST_WARNING, type Engine } from '../../engine/engine.js';
import { loadDialect } from '../../dialects/registry.js';
import { UsageError } from '../../errors.js';
import type { Outcome, SessionRecordReader } from '../../kit/index.js';
import { findRecordFiles } from '../../replay/find-records.js';
import { BypassAudit } from '../../replay/audit.js';
import { emptySummary, progressBar, REPLAY_HEADER, summaryText, TABLE_HEADER, tableRow, unmatchedText } from '../../replay/format.js';
import { cwdConfiner, insideProject } from '../../replay/confine-cwd.js';
import { exportOldTree, type OldTree } from '../../replay/old-tree.js';
import { replayFiles, type ReplayedEvent } from '../../replay/replay.js';
import { blocks, reasonOf, verdictOf, type Verdict } from '../../replay/verdict.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { stringifyJson } from '../../util/safe-json.js';
import { showText } from '../../util/show-text.js';
import { resolveCommon, type CommonContext, type CommonOptionValues } from '../common-context.js';
import { agentName, replayDialects, wordList } from '../dialect-facts.js';
import { guardHookProcesses } from '../hook-processes.js';
import { openEngine } from '../open-engine.js';

export interface ReplayOptions extends CommonOptionValues {
  event?: string[];
  since?: string;
  json?: boolean;
  against?: string;
  changed?: boolean;
  rewriteOrder?: 'completion' | 'configured';
  dangerouslyBypassHookTrust?: boolean;
}

interface Settings {
  changed: boolean;
  common: CommonContext;
  reader: SessionRecordReader;
  events: string[];
  since: number | null;
}

/** `hookctl replay`: the agent's recorded sessions, dispatched again through today's hooks (docs/replay.md). */
export async function replay(paths: string[], options: ReplayOptions): Promise<number> {
  const settings = await resolveSettings(options);
  const { common, reader } = settings;
  const bar = process.stderr.isTTY && !options.json ? progressBar(process.stderr) : null;
  const warn = (message: string) => {
    bar?.clear();
    process.stderr.write(`hookctl: warning: ${showText(message)}\n`);
  };
  const located = paths.length === 0 ? reader.defaultLocations({ cwd: common.cwd, home: common.home, env: process.env }) : null;
  const files = await findRecordFiles(located?.paths ?? paths, reader.isRecordFile, { missingOk: located !== null, onWarning: warn });
  if (located !== null && files.length === 0)
    process.stderr.write(
      `hookctl: no ${common.dialectId} sessions of this project in ${located.paths.map((path) => showText(path)).join(', ')}\n`,
    );
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);
  const engineOptions = { bypassTrust, rewriteOrder: options.rewriteOrder };
  const engine = await openEngine(common, engineOptions);
  let old: OldTree | null = null;
  let oldEngine: Engine | null = null;
  try {
    if (options.against !== undefined) {
      old = await exportOldTree(common.cwd, options.against, warn);
      // The old tree is this same folder at another commit: workspace trust the user gave this folder holds there too.
      const folderTrusted = !engine.handlers.some((handler) => handler.skipReason === 'workspace-untrusted');
      oldEngine = await openEngine(
        { ...common, cwd: old.projectDir },
        { ...engineOptions, workspaceTrust: folderTrusted ? 'assume' : 'check' },
      );
      warnUntrustedOld(oldEngine, options.against, settings.events, warn);
    }
    announce(settings, [engine, oldEngine]);
    const replayOptions = {
      files,
      reader,
      events: new Set(settings.events),
      since: settings.since,
      ...(located?.inProject ? { inProject: located.inProject } : {}),
      onWarning: warn,
      ...(bar ? { onFile: bar.update } : {}),
    };
    const confine = cwdConfiner(common.cwd, (file, cwd) =>
      warn(`${file}: recorded cwd ${cwd} is outside the project (${common.cwd}); its events are replayed in the project instead`),
    );
    // On a terminal the bar shares the screen with the table: clear it before each row (the next file redraws it).
    const { interruptedExitCode } = await guardHookProcesses(async (signal) => {
      // The guard handles signals from here on (hooks are stopped first); the old tree is removed in the finally below.
      old?.releaseSignals();
      // A slow reader of stdout (a pipe to less) holds the replay back instead of the output piling up in
      // memory; a reader that went away aborts the signal, which ends the wait.
      const out = async (text: string) => {
        bar?.clear();
        if (!process.stdout.write(text)) await once(process.stdout, 'drain', { signal }).catch(() => undefined);
      };
      try {
        if (oldEngine !== null && old !== null)
          await compare(replayOptions, {
            engine,
            oldEngine,
            ref: options.against!,
            json: options.json === true,
            signal,
            out,
            confine,
            intoOldTree: movePayload(common.cwd, old.projectDir),
          });
        else {
          // With the trust bypass, which hooks the agent itself would not have run: a likely reason in the audit.
          const untrustedToday = bypassTrust ? await untrustedHooks(common, engineOptions, signal) : new Map<string, string>();
          const audit = new BypassAudit({
            projectDir: common.cwd,
            reader,
            handlers: engine.handlers,
            untrustedToday,
            agent: agentName(common.dialectId),
          });
          await replayOnce(settings, replayOptions, engine, audit, { json: options.json === true, signal, out, confine });
        }
      } finally {
        bar?.clear();
        await Promise.all([engine.close({ signal }), oldEngine?.close({ signal })]);
      }
    });
    return interruptedExitCode ?? 0;
  } finally {
    await old?.remove();
  }
}

/** The hooks that do not run without --dangerously-bypass-hook-trust, and why (id → skip reason). */
async function untrustedHooks(
  common: CommonContext,
  engineOptions: { rewriteOrder?: 'completion' | 'configured' | undefined },
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const trusting = await openEngine(common, { ...engineOptions, bypassTrust: false });
  try {
    const skipped = trusting.handlers.filter(
      (handler) => handler.skipReason === 'untrusted' || handler.skipReason === 'modified' || handler.skipReason === 'workspace-untrusted',
    );
    return new Map(skipped.map((handler) => [handler.id, String(handler.skipReason)]));
  } finally {
    await trusting.close({ signal });
  }
}

async function resolveSettings(options: ReplayOptions): Promise<Settings> {
  const common = resolveCommon(options);
  const reader = (await loadDialect(common.dialectId)).sessionRecords;
  if (reader === undefined)
    throw new UsageError(
      `the ${common.dialectId} agent keeps no session records hookctl can read; use ${wordList(
        replayDialects().map((id) => `--dialect ${id}`),
        'or',
      )}`,
    );
  const events = options.event ?? [...reader.defaultEvents];
  for (const event of events) {
    if (reader.events.includes(event)) continue;
    const near = didYouMean(event, reader.events);
    const hint = near === null ? '' : ` (did you mean ${near}?)`;
    throw new UsageError(`--event ${event}: ${common.dialectId} records rebuild ${reader.events.join(', ')}${hint}`);
  }
  let since: number | null = null;
  if (options.since !== undefined) {
    since = Date.parse(options.since);
    if (Number.isNaN(since)) throw new UsageError(`--since ${options.since}: not a date (use e.g. 2026-11-30 or 2026-11-30T12:00Z)`);
  }
  if (options.changed && options.against !== undefined)
    throw new UsageError("--changed compares today's verdicts with what the sessions recorded, --against with another commit: use one");
  return { changed: options.changed === true, common, reader, events, since };
}

/**
 * Per-hook trust is recorded for the hook's file where it is, so the old tree's copies (in a temporary
 * directory) are untrusted: say so, rather than let every old verdict read `none` unexplained.
 */
function warnUntrustedOld(engine: Engine, ref: string, events: readonly string[], warn: (message: string) => void): void {
  const untrusted = engine.handlers.filter(
    (handler) => events.includes(handler.event) && (handler.skipReason === 'untrusted' || handler.skipReason === 'modified'),
  );
  if (untrusted.length === 0) return;
  warn(
    `${untrusted.length} hook${untrusted.length === 1 ? '' : 's'} at ${ref} will not run: trust is recorded per file path and ` +
      'the old tree is checked out elsewhere (review them, then pass --dangerously-bypass-hook-trust to run them)',
  );
}

/**
 * Hooks run in the payload's cwd, so `./guard.sh` there is the working tree's script: for the old tree's
 * turn, a cwd inside the project moves to the same place in the old tree.
 */
function movePayload(projectDir: string, oldProjectDir: string): (replayed: ReplayedEvent) => ReplayedEvent {
  return (replayed) => {
    const cwd = replayed.recorded.payload.cwd;
    if (typeof cwd !== 'string') return replayed;
    // Confined already, so inside; should a link have changed since, the old tree's project dir is still inside.
    const inside = insideProject(projectDir, cwd) ?? '';
    const payload = { ...replayed.recorded.payload, cwd: join(oldProjectDir, inside) };
    return { ...replayed, recorded: { ...replayed.recorded, payload } };
  };
}

/** Replayed hooks are real commands: say so once, before any of them runs. */
function announce(settings: Settings, engines: (Engine | null)[]): void {
  const runnable = engines.some((engine) =>
    engine?.handlers.some((handler) => handler.skipReason === null && settings.events.includes(handler.event)),
  );
  if (!runnable) return;
  process.stderr.write(
    `hookctl: replay runs your ${settings.events.join(' and ')} hooks for real, once per recorded event ` +
      '(they get the rebuilt payloads; the recorded calls themselves are not repeated)\n',
  );
}

interface Dispatched {
  outcome: Outcome | null;
  verdict: Verdict;
  reason: string | null;
}

async function dispatchOne(engine: Engine, replayed: ReplayedEvent, signal: AbortSignal): Promise<Dispatched> {
  try {
    const outcome = await engine.dispatch(replayed.event as never, replayed.recorded.payload as never, { signal });
    return { outcome, verdict: verdictOf(outcome), reason: reasonOf(outcome) };
  } catch (error) {
    // A payload the engine cannot dispatch at all (a record too damaged to rebuild) is one failed row, not the end.
    return { outcome: null, verdict: 'failed', reason: (error as Error).message.split('\n')[0] ?? 'dispatch failed' };
  }
}

type ReplayLoopOptions = Omit<Parameters<typeof replayFiles>[0], 'onEvent'>;

interface Output {
  json: boolean;
  signal: AbortSignal;
  out: (text: string) => Promise<void>;
  /** The event as it is dispatched: a recorded cwd outside the project moved into it. */
  confine: (replayed: ReplayedEvent) => ReplayedEvent;
}

async function replayOnce(
  settings: Settings,
  loop: ReplayLoopOptions,
  engine: Engine,
  audit: BypassAudit,
  { json, signal, out, confine }: Output,
) {
  const summary = emptySummary();
  const matched = new Set<string>();
  let first = true;
  let shown = 0;
  if (json) await out('{"results":[');
  else await out(REPLAY_HEADER);
  const counts = await replayFiles({
    ...loop,
    signal,
    async onEvent(replayed) {
      const { outcome, verdict, reason } = await dispatchOne(engine, confine(replayed), signal);
      summary[verdict]++;
      for (const run of outcome?.runs ?? []) matched.add(run.id);
      const rewritten = outcome?.updatedInput ?? null;
      const hooks = replayed.recorded.hooks;
      audit.note(replayed, verdict, reason, outcome);
      if (settings.changed && !BypassAudit.differs(hooks, verdict)) return;
      shown++;
      if (json) {
        const result = {
          session: replayed.session,
          file: replayed.file,
          line: replayed.line,
          event: replayed.event,
          tool: replayed.tool,
          input: replayed.input,
          decision: verdict,
          reason,
          rewritten,
          recorded: hooks ?? null,
          runs: outcome?.runs ?? [],
        };
        await out(`${first ? '' : ','}\n${stringifyJson(result)}`);
        first = false;
      } else {
        await out(tableRow({ ...replayed, verdict, reason, hooks }, true));
      }
    },
  });
  const unmatched = engine.handlers.filter((handler) => settings.events.includes(handler.event) && !matched.has(handler.id));
  if (json) {
    await out(`\n],"sessions":${counts.sessions},"events":${counts.events},"summary":${stringifyJson(summary)},`);
    await out(`"unmatchedHooks":${stringifyJson(unmatched.map((handler) => handler.id))},`);
    await out(`${settings.changed ? `"shown":${shown},` : ''}"audit":${stringifyJson(audit.json())}}\n`);
    return;
  }
  const filtered = settings.changed ? ` (${shown} shown: the session's record and today's verdict differ)` : '';
  await out(`\n${summaryText(counts.sessions, counts.events, summary).replace(/\n$/, `${filtered}\n`)}`);
  if (!engine.handlers.some((handler) => settings.events.includes(handler.event))) {
    await out(`no ${settings.events.join(' or ')} hooks are configured for this project\n`);
    return;
  }
  const described = unmatched.map((handler) => ({ ...handler, matcher: handler.matcher.source }));
  await out(unmatchedText(described, counts.sessions, settings.events));
  await out(audit.text());
}

/** `--against`: each event through the hooks at the ref and in the working tree; only changed verdicts are shown. */
async function compare(
  loop: ReplayLoopOptions,
  {
    engine,
    oldEngine,
    ref,
    json,
    signal,
    out,
    confine,
    intoOldTree,
  }: Output & { engine: Engine; oldEngine: Engine; ref: string; intoOldTree: (replayed: ReplayedEvent) => ReplayedEvent },
) {
  const totals = { newlyBlocked: 0, unblocked: 0, changed: 0 };
  let first = true;
  if (json) await out('{"changes":[');
  else await out(`${ref} → working tree\n${TABLE_HEADER.replace('VERDICT  ', 'VERDICTS ')}`);
  const counts = await replayFiles({
    ...loop,
    signal,
    async onEvent(replayed) {
      const confined = confine(replayed);
      const before = await dispatchOne(oldEngine, intoOldTree(confined), signal);
      const after = await dispatchOne(engine, confined, signal);
      if (before.verdict === after.verdict && before.reason === after.reason) return;
      totals.changed++;
      if (!blocks(before.verdict) && blocks(after.verdict)) totals.newlyBlocked++;
      if (blocks(before.verdict) && !blocks(after.verdict)) totals.unblocked++;
      if (json) {
        const change = {
          session: replayed.session,
          file: replayed.file,
          line: replayed.line,
          event: replayed.event,
          tool: replayed.tool,
          input: replayed.input,
          before: { decision: before.verdict, reason: before.reason },
          after: { decision: after.verdict, reason: after.reason },
        };
        await out(`${first ? '' : ','}\n${stringifyJson(change)}`);
        first = false;
      } else {
        await out(tableRow({ ...replayed, verdict: `${before.verdict}→${after.verdict}`, reason: after.reason ?? before.reason }));
      }
    },
  });
  if (json) {
    await out(`\n],"against":${stringifyJson(ref)},"sessions":${counts.sessions},"events":${counts.events},`);
    await out(`"summary":${stringifyJson(totals)}}\n`);
    return;
  }
  const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;
  await out(
    `\nthis change newly blocks ${calls(totals.newlyBlocked)}, unblocks ${totals.unblocked}` +
      ` (${totals.changed} verdict${totals.changed === 1 ? '' : 's'} changed of ${counts.events} events in ${counts.sessions} sessions)\n`,
  );
}
