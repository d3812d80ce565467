import { getEntry, type SourceEntry, type SourceObject } from './source-tree.js';

/**
 * The entry of a field that is set. A null value (`matcher: ~` in YAML, `"matcher": null` in JSON)
 * counts as unset, as the agents' own loaders read optional fields.
 */
export function setField(object: SourceObject, key: string): SourceEntry | undefined {
  const entry = getEntry(object, key);
  return entry === undefined || (entry.value.kind === 'scalar' && entry.value.value === null) ? undefined : entry;
}

/** The value of a field that is set to a scalar of the given JavaScript type, else undefined. */
export function scalarField<T extends 'string' | 'number' | 'boolean'>(
  object: SourceObject,
  key: string,
  type: T,
): (T extends 'string' ? string : T extends 'number' ? number : boolean) | undefined {
  const value = setField(object, key)?.value;
  if (value?.kind !== 'scalar' || typeof value.value !== type) return undefined;
  return value.value as never;
}
