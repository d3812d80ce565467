import type { HandlerRecord } from '../kit/handler-record.js';

/**
 * The handlers with ids unique across one load. Ids name hooks for trust, disable and enable, so
 * two hooks must never share one: derived ids repeat across files of one source (user hooks.json
 * and config.toml, several project directories, several plugins), and a cloned repository could
 * declare the id of the user's own hook. In layer (execution-report) order the first hook keeps its
 * id and each later one gets the next free `#2`, `#3`… suffix; no id as loaded is ever taken over.
 */
export function withUniqueIds(handlers: readonly HandlerRecord[]): HandlerRecord[] {
  const taken = new Set(handlers.map((handler) => handler.id));
  const kept = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return handlers.map((handler) => {
    if (!kept.has(handler.id)) {
      kept.add(handler.id);
      return handler;
    }
    let suffix = nextSuffix.get(handler.id) ?? 2;
    while (taken.has(`${handler.id}#${suffix}`)) suffix++;
    nextSuffix.set(handler.id, suffix + 1);
    const id = `${handler.id}#${suffix}`;
    taken.add(id);
    return { ...handler, id, declaredId: handler.id };
  });
}
