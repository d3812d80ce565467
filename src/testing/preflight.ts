import type { Finding, HandlerRecord } from '../kit/index.js';
import { displayPath } from '../util/display-path.js';

/**
 * What `hookctl test` and `test --agent` check before a case's hooks run (issue 44): lint's findings
 * that say a hook cannot run as written — its script is missing, not executable or unreadable. A
 * case that would run such a hook says so with the finding and its position, instead of a verdict
 * that came from a crash (a guard "denying" because python3 could not open its file) or an agent
 * session that never ends (a Stop hook exiting 2 on every attempt).
 */
export const NOT_RUNNABLE_RULES: ReadonlySet<string> = new Set(['missing-script', 'script-not-executable', 'unreadable-script']);

export interface BrokenHook {
  readonly id: string;
  readonly event: string;
  /** Each finding as one line: `file:line:col: message (rule-id)`, the file relative to the base directory. */
  readonly findings: readonly string[];
}

export interface HookPreflight {
  /** The broken hooks among `ids` and among every hook of `events`, in configured order; empty when none is. */
  among(ids: Iterable<string>, events?: readonly string[]): BrokenHook[];
}

/**
 * Attaches each not-runnable finding to the hook it was found in: the handler declared last, in the
 * same file, at or before the finding's position (a finding points into its handler's command).
 */
export function hookPreflight(findings: readonly Finding[], records: readonly HandlerRecord[], baseDir: string): HookPreflight {
  const broken = new Map<string, { record: HandlerRecord; findings: string[] }>();
  type Position = readonly [number, number];
  const atOrBefore = (a: Position, b: Position): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
  const positionOf = (record: HandlerRecord): Position => [record.line ?? 0, record.column ?? 0];
  for (const finding of findings) {
    if (!NOT_RUNNABLE_RULES.has(finding.ruleId)) continue;
    let owner: HandlerRecord | null = null;
    for (const record of records) {
      if (record.file !== finding.file || record.line === null || !atOrBefore(positionOf(record), [finding.line, finding.column])) continue;
      if (owner === null || atOrBefore(positionOf(owner), positionOf(record))) owner = record;
    }
    if (owner === null) continue;
    const line = `${displayPath(finding.file, baseDir)}:${finding.line}:${finding.column}: ${finding.message} (${finding.ruleId})`;
    const entry = broken.get(owner.id) ?? { record: owner, findings: [] };
    if (!entry.findings.includes(line)) entry.findings.push(line);
    broken.set(owner.id, entry);
  }
  const order = records.map((record) => record.id);
  return {
    among(ids, events = []) {
      const wanted = new Set(ids);
      return [...broken.values()]
        .filter(({ record }) => wanted.has(record.id) || events.includes(record.event))
        .sort((a, b) => order.indexOf(a.record.id) - order.indexOf(b.record.id))
        .map(({ record, findings }) => ({ id: record.id, event: record.event, findings }));
    },
  };
}

/** One sentence per broken hook: `hook <id> (<event>) cannot run: <finding>; <finding>`. */
export function describeBroken(hooks: readonly BrokenHook[]): string {
  return hooks.map((hook) => `hook ${hook.id} (${hook.event}) cannot run: ${hook.findings.join('; ')}`).join('; ');
}
