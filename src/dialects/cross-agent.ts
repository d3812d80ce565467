import { CANONICAL_TOOLS, toolNamesOf, type CanonicalTool, type DialectConcordance } from '../kit/index.js';

/** One row of the gathered concordance: the agent as hints name it, its dialect (null: an agent hookctl does not speak). */
export interface ConcordanceRow {
  readonly agent: string;
  readonly dialect: string | null;
  readonly row: DialectConcordance;
}

/** What a hint says about a foreign name: whose it is and what this agent calls it (`|` between several). */
export type Hint = { agent: string; instead: string };

/**
 * `self`'s tool hints: every other agent's name for work `self` has a tool for → whose it is and
 * `self`'s name(s) for it, and `self`'s own `otherNames` its lint does not already know (`known`:
 * its legacy and removed names). A name that is one of `self`'s own tools is never foreign. Where
 * several agents share a name, the first row names it (the canonical row leads).
 */
export function toolHints(rows: readonly ConcordanceRow[], self: ConcordanceRow, known: ReadonlySet<string>): Record<string, Hint> {
  const own = new Set(CANONICAL_TOOLS.flatMap((tool) => toolNamesOf(self.row, tool)));
  const found: Record<string, { agent: string; instead: string[] }> = {};
  for (const tool of CANONICAL_TOOLS) {
    const instead = toolNamesOf(self.row, tool);
    if (instead.length === 0) continue;
    for (const other of rows) {
      for (const [name, agent] of foreignNames(other, tool, other === self)) {
        if (own.has(name) || (other === self && known.has(name))) continue;
        found[name] ??= { agent, instead: [] };
        const entry = found[name];
        for (const name of instead) if (!entry.instead.includes(name)) entry.instead.push(name);
      }
    }
  }
  return Object.fromEntries(Object.entries(found).map(([name, { agent, instead }]) => [name, { agent, instead: instead.join('|') }]));
}

/** A row's names for `tool` with whom a hint names: its tools (not for the row itself), then its `otherNames`. */
function foreignNames(other: ConcordanceRow, tool: CanonicalTool, self: boolean): [string, string][] {
  const names: [string, string][] = self ? [] : toolNamesOf(other.row, tool).map((name) => [name, other.agent]);
  for (const [name, alias] of Object.entries(other.row.otherNames ?? {})) {
    if (alias.tool === tool) names.push([name, alias.who ?? other.agent]);
  }
  return names;
}

/**
 * `self`'s event hints: every other agent's name for a canonical event `self` has (or moves to one
 * of its events) → whose it is and `self`'s name for it. A name that is one of `self`'s events
 * (`ownEvents`) is never foreign.
 */
export function eventHints(rows: readonly ConcordanceRow[], self: ConcordanceRow, ownEvents: ReadonlySet<string>): Record<string, Hint> {
  const found: Record<string, Hint> = {};
  const mine = { ...self.row.movedEvents, ...self.row.events };
  for (const [canonical, instead] of Object.entries(mine)) {
    for (const other of rows) {
      const name = other === self ? undefined : other.row.events[canonical];
      if (name === undefined || ownEvents.has(name)) continue;
      found[name] ??= { agent: other.agent, instead };
    }
  }
  return found;
}
