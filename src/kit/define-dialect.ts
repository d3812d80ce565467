import type { Dialect } from './dialect.js';

/**
 * What a dialect writes to define itself: every role of `Dialect` except those derived from its
 * manifest (`id`, `events`) and those with a default (`aliases`: none). Optional roles stay optional.
 */
export type DialectDefinition = Omit<Dialect, 'id' | 'events' | 'aliases'> & Partial<Pick<Dialect, 'aliases'>>;

/**
 * A `Dialect` from its definition, with the defaults filled in: `id` and `events` are the
 * manifest's (so they cannot disagree with what the registry lists), and a dialect whose agent
 * gives matcher targets no other names needs no `aliases`.
 */
export function defineDialect(definition: DialectDefinition): Dialect {
  return { id: definition.manifest.id, events: definition.manifest.events, aliases: {}, ...definition };
}
