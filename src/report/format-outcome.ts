import type { AsyncRunResult } from '../engine/dispatch.js';
import type { Outcome, RunReport, SkipReason } from '../kit/outcome.js';
import type { HandlerTrust } from '../kit/trust-authority.js';
import { stringifyJson } from '../util/safe-json.js';
import { showText } from '../util/show-text.js';

/**
 * What the report needs of each loaded handler: to say which ones the matcher passed over, and
 * (the engine's handlers have both) the trust decided for it at load, with why it never runs.
 */
export interface ListedHandler {
  id: string;
  event: string;
  matcher: { source: string | null };
  trust?: Pick<HandlerTrust, 'detail' | 'notice'>;
  skipReason?: SkipReason;
}

/**
 * What a dry-run says about a run's trust, beyond its status: why trust held it back (the trust
 * detail `hookctl list` shows, e.g. `script changed: guard.sh`, `folder not trusted: …`), and what
 * the agent itself does about a hook it runs (`HandlerTrust.notice`: Gemini CLI announces a project
 * hook it has not recorded). Each null when there is nothing to say.
 */
export interface RunTrustNote {
  id: string;
  detail: string | null;
  notice: string | null;
}

/** Skip reasons that are trust decisions: the trust detail says why. */
const TRUST_SKIPS: ReadonlySet<SkipReason> = new Set(['untrusted', 'modified', 'workspace-untrusted']);

/**
 * The trust notes of an outcome's runs that have any, in run order, from the trust the handler
 * carries. A dispatch whose hooks run in another directory decides trust again there: a run held
 * back by a decision other than the handler's gets no note, since the load-time one is not its reason.
 */
export function runTrustNotes(outcome: Pick<Outcome, 'runs'>, handlers: readonly ListedHandler[]): RunTrustNote[] {
  const byId = new Map(handlers.map((handler) => [handler.id, handler]));
  return outcome.runs.flatMap((run) => {
    const handler = byId.get(run.id);
    if (handler?.trust === undefined) return [];
    const trustSkip = TRUST_SKIPS.has(run.skipReason);
    if (trustSkip && run.skipReason !== handler.skipReason) return [];
    const detail = trustSkip ? handler.trust.detail : null;
    const notice = handler.trust.notice ?? null;
    return detail === null && notice === null ? [] : [{ id: run.id, detail, notice }];
  });
}

const STATUS_MARK: Record<RunReport['status'], string> = {
  completed: '✓',
  blocked: '✗',
  failed: '!',
  timed_out: '!',
  stopped: '■',
  skipped: '-',
  running: '…',
};

/** Hints that name `hookctl trust`/`enable`: only for a dialect whose agent has per-hook trust and switches. */
const PER_HOOK_HINTS: ReadonlySet<string> = new Set(['untrusted', 'modified', 'disabled']);

const SKIP_HINT: Partial<Record<NonNullable<RunReport['skipReason']>, string>> = {
  untrusted: 'review it with `hookctl trust <id>` or run with --dangerously-bypass-hook-trust',
  modified: 'its definition changed since it was trusted; review it with `hookctl trust <id>`',
  disabled: 'enable it with `hookctl enable <id>`',
  'managed-only': 'held back by the managed requirements file (allow_managed_hooks_only, or the file does not load)',
  decided: 'an earlier hook already decided',
};

/** A report line: escaped as one line when shown, or text already escaped that keeps its line breaks. */
type Line = string | { multiline: string };

/**
 * The human-readable dry-run report: what matched (and which handlers of the event did not), each
 * run, then the verdict in one line. Commands, ids, hook output and reasons are untrusted text:
 * every line is shown escaped (SPEC 6.1.3), so none can redraw another or add a fake one.
 */
export function formatOutcome(
  outcome: Outcome,
  handlers: readonly ListedHandler[],
  /** Why each passed-over handler was not selected (`if-filter: …`), by id; default: its matcher. */
  whyNot: ReadonlyMap<string, string> = new Map(),
  /**
   * False for a dialect whose trust authority has no per-hook trust (its `notApplicable`): no hint
   * then suggests `hookctl trust` or `enable`, which refuse there; the run's error says why it was skipped.
   */
  perHookTrust = true,
  /** How to proceed with a hook held back because the agent does not trust the folder (the dialect's own words). */
  workspaceHint?: string,
  /** The agent release the dialect's verdicts are proven against ("Claude Code 2.1.332"), named in the header. */
  provenAgainst?: string,
): string {
  const selected = new Set(outcome.runs.map((run) => run.id));
  const notMatched = handlers
    .filter((handler) => handler.event === outcome.event && !selected.has(handler.id))
    .map((handler) => ({ id: handler.id, why: whyNot.get(handler.id) ?? `matcher ${JSON.stringify(handler.matcher.source)}` }));
  const lines: Line[] = [];
  const target = outcome.matcherTarget === null ? 'matchers ignored' : `matcher target: ${outcome.matcherTarget}`;
  const dialect = provenAgainst === undefined ? outcome.dialect : `${outcome.dialect}, proven against ${provenAgainst}`;
  lines.push(`${outcome.event} (${dialect}) — ${target}`);
  const handlerCount = outcome.runs.length + notMatched.length;
  lines.push(
    `matched ${outcome.runs.length} of ${handlerCount} handler${handlerCount === 1 ? '' : 's'}` +
      (notMatched.length > 0 ? `; not selected: ${notMatched.map((h) => `${h.id} (${h.why})`).join(', ')}` : ''),
  );
  const notes = new Map(runTrustNotes(outcome, handlers).map((note) => [note.id, note]));
  for (const run of outcome.runs) lines.push(...formatRun(run, perHookTrust, notes.get(run.id), workspaceHint));
  for (const warning of outcome.warnings) lines.push(warningLine(warning));
  for (const message of outcome.systemMessages) lines.push(`system message: ${message}`);
  if (outcome.additionalContext !== null) {
    lines.push({ multiline: `context: ${indentTail(showText(outcome.additionalContext, { multiline: true }), '         ')}` });
  }
  if (outcome.updatedInputFrom !== null) {
    lines.push(`updated input (from ${outcome.updatedInputFrom}): ${stringifyJson(outcome.updatedInput)}`);
  }
  // What only the dialect's agent reads (claude: session title, permission updates, env file…).
  if (outcome.dialectOutput !== null) lines.push(`${outcome.dialect} output: ${JSON.stringify(outcome.dialectOutput)}`);
  lines.push(verdictLine(outcome));
  return `${lines.map((line) => (typeof line === 'string' ? showText(line) : line.multiline)).join('\n')}\n`;
}

function formatRun(run: RunReport, perHookTrust: boolean, note: RunTrustNote | undefined, workspaceHint: string | undefined): string[] {
  const where = run.file === null ? run.source : `${run.source} ${run.file}${run.line === null ? '' : `:${run.line}`}`;
  const status = run.skipReason ? `skipped (${run.skipReason})` : run.status.replace('_', ' ');
  const facts =
    run.status === 'skipped' || run.status === 'running' ? [] : [`exit ${run.exitCode ?? run.signal ?? '-'}`, `${run.durationMs} ms`];
  const lines = [
    `  ${STATUS_MARK[run.status]} ${status}  ${run.id}  [${run.mode}]  ${[run.command, ...facts].join('  ')}`,
    `      ${where}`,
  ];
  if (run.workingDir !== undefined) lines.push(`      runs in: ${run.workingDir}`);
  const hint =
    run.skipReason === 'workspace-untrusted'
      ? workspaceHint
      : run.skipReason && (perHookTrust || !PER_HOOK_HINTS.has(run.skipReason))
        ? SKIP_HINT[run.skipReason]
        : undefined;
  // Why trust held it back, unless the hint already says it in as many words.
  if (note?.detail && !hint?.includes(note.detail)) lines.push(`      trust: ${note.detail}`);
  if (hint !== undefined) lines.push(`      ${hint.replace('<id>', run.id)}`);
  if (note?.notice) lines.push(`      note: ${note.notice}`);
  if (run.error) lines.push(`      error: ${run.error}`);
  const stderr = run.stderr.trim();
  if (stderr !== '') lines.push(`      stderr: ${excerpt(stderr)}`);
  if (run.truncated) lines.push('      output truncated at the cap');
  return lines;
}

/**
 * An outcome warning as a report line. A load finding of severity info (formatFinding's
 * `file:line:col: info: …`) is a note, not a warning: `warning: …: info: …` said both.
 */
function warningLine(warning: string): string {
  const info = /^([^\n]*?:\d+:\d+): info: /.exec(warning);
  return info === null ? `warning: ${warning}` : `note: ${info[1]}: ${warning.slice(info[0].length)}`;
}

function verdictLine(outcome: Outcome): string {
  const because = outcome.reason ? ` — ${outcome.reason}` : '';
  if (outcome.stop) return `verdict: stop${outcome.stopReason ? ` — ${outcome.stopReason}` : ''}`;
  if (outcome.decision !== null) return `verdict: ${outcome.decision}${because}`;
  if (outcome.blocked) return `verdict: blocked${because}`;
  // A guard that failed without onFailure: "abort" lets the call through: say so beside the verdict.
  const failed = outcome.runs.filter((run) => run.status === 'failed' || run.status === 'timed_out').length;
  return failed === 0 ? 'verdict: no decision' : `verdict: no decision (${failed} hook${failed === 1 ? '' : 's'} failed)`;
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}

function indentTail(text: string, indent: string): string {
  return text.split('\n').join(`\n${indent}`);
}

/**
 * A detached async run that finished after the verdict: what it reports for the agent to deliver
 * later (its status, context, system message, and any other effect), one escaped block.
 */
export function formatAsyncResult(result: AsyncRunResult): string {
  const { report, effect } = result;
  const facts =
    report.status === 'timed_out' || report.status === 'failed'
      ? `  ${report.error ?? ''}`
      : `  exit ${report.exitCode ?? report.signal ?? '-'}  ${report.durationMs} ms`;
  const lines: Line[] = [`async ${report.status.replace('_', ' ')}  ${report.id}${facts}`];
  if (effect.systemMessage !== undefined) lines.push(`  system message (next turn): ${effect.systemMessage}`);
  if (effect.additionalContext !== undefined)
    lines.push({ multiline: `  context (next turn): ${indentTail(showText(effect.additionalContext, { multiline: true }), '    ')}` });
  if (effect.extra !== undefined) lines.push(`  ${JSON.stringify(effect.extra)}`);
  for (const warning of result.warnings) lines.push(`  warning: ${warning}`);
  return `${lines.map((line) => (typeof line === 'string' ? showText(line) : line.multiline)).join('\n')}\n`;
}
