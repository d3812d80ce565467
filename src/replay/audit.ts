import { statSync } from 'node:fs';
import { basename, relative } from 'node:path';
import type { EngineHandler } from '../engine/engine-handler.js';
import type { Outcome, RecordedHookTrace, RunReport, SessionRecordReader } from '../kit/index.js';
import { showText } from '../util/show-text.js';
import { insideProject } from './confine-cwd.js';
import { inputText } from './format.js';
import type { ReplayedEvent } from './replay.js';
import type { Verdict } from './verdict.js';

/** Calls and hooks kept for the audit; past these the rest are only counted (a history is unbounded). */
const MAX_CALLS = 200;
const MAX_HOOKS = 64;
/** Distinct reasons kept per hook (one names the session's start directory, which varies). */
const MAX_REASONS = 8;

/** A call the session ran with no refusal recorded, although today's hooks deny it. */
export interface BypassedCall {
  session: string;
  file: string;
  line: number;
  tool: string | null;
  input: unknown;
  /** The hook that denies it today (its id), and the reason it gives. */
  hook: string | null;
  reason: string | null;
}

/** A hook that denies recorded calls today but left no trace in those sessions, and the likely reasons. */
export interface SilentHook {
  id: string;
  calls: number;
  reasons: string[];
}

export interface AuditContext {
  /** The project directory (the replay's --cwd). */
  projectDir: string;
  reader: SessionRecordReader;
  handlers: readonly EngineHandler[];
  /** With --dangerously-bypass-hook-trust: why each hook would not run without it (id → skip reason). */
  untrustedToday: ReadonlyMap<string, string>;
  /** The agent's name in sentences (`Claude Code`, `Codex`). */
  agent: string;
}

/**
 * The bypass audit: calls that ran with no recorded hook decision although today's hooks deny them,
 * the hooks behind those verdicts with the likely reason they left no trace, and the calls the session
 * shows refused that today's hooks let through. Only calls whose record tells what the hooks did count.
 */
export class BypassAudit {
  readonly bypassed: BypassedCall[] = [];
  bypassedTotal = 0;
  /** Refused in the session, not denied today. */
  unblocked = 0;
  /** Calls whose record tells what the hooks did. */
  compared = 0;
  private readonly silent = new Map<string, { calls: number; reasons: Set<string> }>();
  private readonly byId: Map<string, EngineHandler>;
  private readonly mtimes = new Map<string, number | null>();

  constructor(private readonly context: AuditContext) {
    this.byId = new Map(context.handlers.map((handler) => [handler.id, handler]));
  }

  /** Whether the session's record and today's verdict disagree (`--changed`); false when the record does not tell. */
  static differs(hooks: RecordedHookTrace | undefined, verdict: Verdict): boolean {
    return hooks !== undefined && hooks.blocked !== (verdict === 'deny');
  }

  note(replayed: ReplayedEvent, verdict: Verdict, reason: string | null, outcome: Outcome | null): void {
    const hooks = replayed.recorded.hooks;
    if (hooks === undefined) return;
    this.compared++;
    if (hooks.blocked && verdict !== 'deny') this.unblocked++;
    // A hook that fails today where the agent records failures, and the session shows none: it did not run then.
    // (Tool calls only: where a prompt hook's failure is recorded has not been observed.)
    const failureRecorded = this.context.reader.recordsHookErrors && replayed.tool !== null;
    if (verdict === 'failed' && !hooks.blocked && hooks.errors.length === 0 && failureRecorded) {
      const failed = outcome?.runs.find((run) => run.status === 'failed' || run.status === 'timed_out');
      if (failed !== undefined) this.traceless(failed.id, replayed);
    }
    if (hooks.blocked || verdict !== 'deny') return;
    const decider = outcome === null ? undefined : deciderOf(outcome.runs);
    this.bypassedTotal++;
    if (this.bypassed.length < MAX_CALLS)
      this.bypassed.push({
        session: replayed.session,
        file: replayed.file,
        line: replayed.line,
        tool: replayed.tool,
        input: replayed.input,
        hook: decider?.id ?? null,
        reason,
      });
    if (decider !== undefined) this.traceless(decider.id, replayed);
  }

  /** A hook that acted on this call today (denied it, failed) where the session shows nothing of it. */
  private traceless(id: string, replayed: ReplayedEvent): void {
    let entry = this.silent.get(id);
    if (entry === undefined) {
      if (this.silent.size >= MAX_HOOKS) return;
      entry = { calls: 0, reasons: new Set() };
      this.silent.set(id, entry);
    }
    entry.calls++;
    for (const why of this.reasons(id, replayed)) if (entry.reasons.size < MAX_REASONS) entry.reasons.add(why);
  }

  silentHooks(): SilentHook[] {
    return [...this.silent].map(([id, entry]) => ({ id, calls: entry.calls, reasons: [...entry.reasons] }));
  }

  /** The likely reasons a hook that denies this call today left no trace when the session ran it. */
  private reasons(id: string, replayed: ReplayedEvent): string[] {
    const { projectDir, reader, untrustedToday, agent } = this.context;
    const handler = this.byId.get(id);
    const found: string[] = [];
    const skip = untrustedToday.get(id);
    if (skip !== undefined) found.push(`it is not trusted (${skip}) and ran only because of --dangerously-bypass-hook-trust`);
    const cwd = replayed.sessionCwd ?? replayed.recorded.payload.cwd;
    const below = typeof cwd === 'string' ? insideProject(projectDir, cwd) : null;
    const inProject = handler?.file !== null && handler?.file !== undefined && insideProject(projectDir, handler.file) !== null;
    if (reader.projectHooksFrom === 'start-directory' && inProject && below !== null && below !== '')
      found.push(`the session started in ${below}/, below the project, and ${agent} reads the project's hooks only where it starts`);
    const changed = handler?.file ? this.modifiedAfter(handler.file, replayed.recorded.timestamp) : false;
    if (changed)
      found.push(`${relativeName(projectDir, handler!.file!)} was modified after the session (the hook may not have been there yet)`);
    if (found.length === 0)
      found.push(
        'nothing in the records says why: hooks switched off then (disableAllHooks, a policy), ' +
          'the project not trusted then, or other settings read',
      );
    return found;
  }

  /** Whether the file's modification time is later than the record's. */
  private modifiedAfter(file: string, timestamp: string | null): boolean {
    if (timestamp === null) return false;
    const recorded = Date.parse(timestamp);
    if (Number.isNaN(recorded)) return false;
    if (!this.mtimes.has(file)) {
      try {
        this.mtimes.set(file, statSync(file).mtimeMs);
      } catch {
        this.mtimes.set(file, null);
      }
    }
    const mtime = this.mtimes.get(file) ?? null;
    return mtime !== null && mtime > recorded;
  }

  /** The audit section after the replay table. */
  text(): string {
    const { reader } = this.context;
    if (this.compared === 0) return `\nbypass audit: the records tell nothing about the hooks of the replayed events\n`;
    const lines = [`\nbypass audit (${this.compared} event${this.compared === 1 ? '' : 's'} whose record tells what the hooks did):\n`];
    if (this.bypassedTotal === 0) lines.push("  nothing ran although today's hooks deny it\n");
    else {
      lines.push(`  ran although today's hooks deny it: ${this.bypassedTotal}\n`);
      for (const call of this.bypassed) {
        const what = `${call.tool ?? '-'} ${inputText(call.input).replace(/\s+/g, ' ')}`;
        const by = call.hook === null ? '' : `  (${call.hook}${call.reason === null ? '' : `: ${call.reason.replace(/\s+/g, ' ')}`})`;
        lines.push(`    ${showText(`${basename(call.file)}:${call.line}  ${cut(what, 60)}${cut(by, 100)}`)}\n`);
      }
      if (this.bypassedTotal > this.bypassed.length) lines.push(`    … ${this.bypassedTotal - this.bypassed.length} more\n`);
    }
    if (this.silent.size > 0) {
      lines.push(`  matched but left no trace (${reader.hookTraces}):\n`);
      for (const hook of this.silentHooks()) {
        lines.push(`    ${showText(hook.id)}  ${hook.calls} call${hook.calls === 1 ? '' : 's'}, likely because:\n`);
        for (const why of hook.reasons) lines.push(`      - ${showText(why)}\n`);
      }
    }
    if (this.unblocked > 0) lines.push(`  refused in the session but not denied today: ${this.unblocked} (--changed lists them)\n`);
    return lines.join('');
  }

  json(): {
    compared: number;
    ranAlthoughDenied: BypassedCall[];
    moreRanAlthoughDenied: number;
    silentHooks: SilentHook[];
    unblocked: number;
  } {
    return {
      compared: this.compared,
      ranAlthoughDenied: this.bypassed,
      moreRanAlthoughDenied: this.bypassedTotal - this.bypassed.length,
      silentHooks: this.silentHooks(),
      unblocked: this.unblocked,
    };
  }
}

/** The run that decided a deny: the one that blocked, else the first that ran and printed something. */
function deciderOf(runs: readonly RunReport[]): RunReport | undefined {
  return (
    runs.find((run) => run.status === 'blocked') ??
    runs.find((run) => run.status === 'completed' && run.stdout.trim() !== '') ??
    runs.find((run) => run.status === 'completed')
  );
}

function relativeName(projectDir: string, file: string): string {
  const rel = relative(projectDir, file);
  return rel.startsWith('..') ? file : rel;
}

function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : text;
}
