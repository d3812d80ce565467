import type { HandlerRecord } from '../kit/handler-record.js';

/**
 * Picks the handlers of one event whose matcher accepts a dispatch's candidate names. Built once
 * per engine: exact matchers are indexed by name so a dispatch costs a few map look-ups plus one
 * test per regex matcher, however many handlers are configured.
 */
export class EventSelector<H extends HandlerRecord> {
  private readonly all: readonly H[];
  private readonly order = new Map<H, number>();
  private readonly byExactName = new Map<string, H[]>();
  private readonly unconditional: H[] = [];
  private readonly regex: H[] = [];

  constructor(handlers: readonly H[]) {
    this.all = handlers;
    handlers.forEach((handler, index) => {
      this.order.set(handler, index);
      const { matcher } = handler;
      if (matcher.kind === 'all') this.unconditional.push(handler);
      else if (matcher.kind === 'regex') this.regex.push(handler);
      else {
        for (const piece of new Set((matcher.source ?? '').split('|'))) {
          const list = this.byExactName.get(piece);
          if (list) list.push(handler);
          else this.byExactName.set(piece, [handler]);
        }
      }
    });
  }

  /**
   * The selected handlers in configured order, each once even when several candidates match.
   * `candidates` null means the event ignores matchers: every handler is selected.
   */
  select(candidates: readonly string[] | null): H[] {
    if (candidates === null) return [...this.all];
    const picked = new Set<H>(this.unconditional);
    for (const name of candidates) {
      const exact = this.byExactName.get(name);
      if (exact) for (const handler of exact) picked.add(handler);
    }
    for (const handler of this.regex) {
      if (!picked.has(handler) && candidates.some((name) => handler.matcher.test(name))) picked.add(handler);
    }
    if (picked.size === 0) return [];
    return [...picked].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }
}

/** The names matchers are tested against: the target value, its dialect aliases and the request's. */
export function matchCandidates(
  target: string,
  aliases: Readonly<Record<string, readonly string[]>>,
  extra: readonly string[],
): string[] {
  const own = Object.hasOwn(aliases, target) ? aliases[target]! : [];
  return own.length === 0 && extra.length === 0 ? [target] : [target, ...own, ...extra];
}
