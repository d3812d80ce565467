import type { RE2Set } from 're2js';
import { re2 } from '../config/re2.js';
import type { HandlerRecord } from '../kit/handler-record.js';

/** Regexes per combined automaton; bounds the size of each compiled set. */
const SET_CHUNK = 256;

/**
 * Picks the handlers of one event whose matcher accepts a dispatch's candidate names (SPEC 2.3).
 * Built once per engine and event. A dispatch costs a few map look-ups plus one pass of a combined
 * RE2 automaton per candidate name, however many handlers are configured:
 * - matchers that accept a finite list of names (exact matchers, anchored literals such as
 *   `^tool_17$`) are indexed by name;
 * - every other regex goes into an RE2Set, which tests all of them in one linear-time scan and
 *   answers which ones matched.
 */
export class EventSelector<H extends HandlerRecord> {
  private readonly all: readonly H[];
  private readonly order = new Map<H, number>();
  private readonly byName = new Map<string, H[]>();
  private readonly unconditional: H[] = [];
  private readonly sets: { set: RE2Set | null; handlers: H[] }[] = [];

  constructor(handlers: readonly H[]) {
    this.all = handlers;
    const general: H[] = [];
    handlers.forEach((handler, index) => {
      this.order.set(handler, index);
      const { matcher } = handler;
      if (matcher.kind === 'all') this.unconditional.push(handler);
      else if (matcher.names !== undefined) for (const name of matcher.names) this.index(name, handler);
      else general.push(handler);
    });
    for (let start = 0; start < general.length; start += SET_CHUNK) {
      const chunk = general.slice(start, start + SET_CHUNK);
      this.sets.push({ set: combined(chunk), handlers: chunk });
    }
  }

  /**
   * The selected handlers in configured order, each once even when several candidates match.
   * `candidates` null means the event ignores matchers: every handler is selected.
   */
  select(candidates: readonly string[] | null): H[] {
    if (candidates === null) return [...this.all];
    const picked = new Set<H>(this.unconditional);
    for (const name of candidates) {
      const named = this.byName.get(name);
      if (named) for (const handler of named) picked.add(handler);
      for (const { set, handlers } of this.sets) {
        if (set === null) {
          for (const handler of handlers) if (handler.matcher.test(name)) picked.add(handler);
        } else {
          for (const index of set.match(name)) picked.add(handlers[index]!);
        }
      }
    }
    if (picked.size === 0) return [];
    return [...picked].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }

  private index(name: string, handler: H): void {
    const list = this.byName.get(name);
    if (list) list.push(handler);
    else this.byName.set(name, [handler]);
  }
}

/**
 * One automaton for these handlers' regexes (each already compiled on its own at load, so they
 * are valid), or null when the combination is too large to compile: then each is tested alone.
 */
function combined(handlers: readonly HandlerRecord[]): RE2Set | null {
  try {
    const { RE2Set } = re2();
    const set = new RE2Set(RE2Set.UNANCHORED);
    for (const handler of handlers) set.add(handler.matcher.re2Source ?? handler.matcher.source!);
    set.compile();
    return set;
  } catch {
    return null;
  }
}

/** The names matchers are tested against: the target value, its dialect aliases and the request's. */
export function matchCandidates(target: string, aliases: Readonly<Record<string, readonly string[]>>, extra: readonly string[]): string[] {
  const own = Object.hasOwn(aliases, target) ? aliases[target]! : [];
  return own.length === 0 && extra.length === 0 ? [target] : [target, ...own, ...extra];
}
