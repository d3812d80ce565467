import { loadDialect } from '../../dialects/registry.js';
import { requireKnownEvent } from '../../contracts/known-event.js';
import { makeFixture } from '../../fixture/make-fixture.js';
import { showText } from '../../util/show-text.js';
import type { CommonContext } from '../common-context.js';
import { openEngine } from '../open-engine.js';
import { describeNotSelected, matcherPasses, notSelected, targetOf, whatTheRuleSaw } from '../why-not.js';

export interface WhyOptions {
  tool?: string;
  set?: string[];
  json?: boolean;
}

/** One hook of the event and whether it runs for the call, as `list --why` shows it. */
interface WhyRow {
  id: string;
  matcher: string | null;
  /** `runs`, `skipped`, `not-matched` or `if-filter`. */
  verdict: 'runs' | 'skipped' | 'not-matched' | 'if-filter';
  why: string;
}

/**
 * `hookctl list --why <event> [--tool T]`: for the call a generated fixture describes, every hook of
 * the event with whether it runs and, if not, the one true reason (its matcher, its `if` rule, trust,
 * a switch). Nothing is run: selection and the load-time skip reasons are all this needs.
 */
export async function listWhy(event: string, common: CommonContext, options: WhyOptions): Promise<number> {
  const dialect = await loadDialect(common.dialectId);
  const spec = dialect.events.find((candidate) => candidate.name === event);
  if (!spec)
    requireKnownEvent(
      dialect.id,
      event,
      dialect.events.map((candidate) => candidate.name),
    );
  const warn = (message: string) => process.stderr.write(`hookctl: warning: ${message}\n`);
  const payload = makeFixture(dialect, event, { cwd: common.cwd }, options.set, {
    ...(options.tool === undefined ? {} : { tool: options.tool }),
    onWarning: warn,
  });
  const engine = await openEngine(common);
  try {
    const target = targetOf(spec!, payload);
    const handlers = engine.handlers.filter((handler) => handler.event === event);
    // Selected = the matcher passes and the `if` rule does not say no (a rule that cannot decide selects), as a dispatch decides.
    const rows: WhyRow[] = handlers.map((handler) => {
      const matcher = handler.matcher.source;
      const [entry] = notSelected([handler], new Set(), event, target, dialect.aliases, payload);
      if (!matcherPasses(handler, target, dialect.aliases))
        return { id: handler.id, matcher, verdict: 'not-matched', why: describeNotSelected(entry!) };
      const condition = handler.condition?.test(payload);
      if (condition === false) return { id: handler.id, matcher, verdict: 'if-filter', why: describeNotSelected(entry!) };
      // Unselected with a reason: the agent skips this form although the command may run a match.
      if (typeof condition === 'object')
        return { id: handler.id, matcher, verdict: 'if-filter', why: `${describeNotSelected(entry!)}; ${condition.unselected}` };
      if (handler.skipReason !== null)
        return { id: handler.id, matcher, verdict: 'skipped', why: `selected, but skipped: ${handler.skipReason}` };
      const because = handler.condition ? `matcher and if rule ${JSON.stringify(handler.condition.source)} match` : 'matcher matches';
      return { id: handler.id, matcher, verdict: 'runs', why: because };
    });
    const others = engine.handlers.length - handlers.length;
    if (options.json) {
      process.stdout.write(
        `${JSON.stringify({ dialect: dialect.id, event, matcherTarget: target, hooks: rows, otherEvents: others }, null, 2)}\n`,
      );
    } else process.stdout.write(formatWhy(`${event} (${dialect.id})`, target, whatTheRuleSaw(payload), rows, others));
  } finally {
    await engine.close();
  }
  return 0;
}

function formatWhy(title: string, target: string | null, call: string, rows: readonly WhyRow[], others: number): string {
  const lines = [`${title} — ${target === null ? 'matchers ignored' : `matcher target: ${target}`}; the call: ${call}`];
  if (rows.length === 0) lines.push('no hook is configured for this event');
  else {
    const header = { id: 'HOOK', matcher: 'MATCHER', verdict: 'VERDICT', why: 'WHY' };
    const cells = [header, ...rows.map((row) => ({ ...row, matcher: row.matcher ?? '(all)' }))];
    const width = (key: 'id' | 'matcher' | 'verdict') => Math.max(...cells.map((cell) => cell[key].length));
    for (const cell of cells) {
      lines.push(
        `${cell.id.padEnd(width('id'))}  ${cell.matcher.padEnd(width('matcher'))}  ${cell.verdict.padEnd(width('verdict'))}  ${cell.why}`,
      );
    }
  }
  if (others > 0) lines.push(`(${others} hook${others === 1 ? '' : 's'} on other events not shown)`);
  // Ids, matchers and rules come from the repository: escaped line by line (SPEC 6.1.3).
  return `${lines.map((line) => showText(line)).join('\n')}\n`;
}
