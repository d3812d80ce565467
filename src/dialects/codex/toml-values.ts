import type { SourceNode } from '../../config/source-tree.js';

/**
 * Plain values of parsed config trees, for the settings Codex reads from its merged config layers
 * (`[features]`, `[projects]`, `[plugins]`, `project_root_markers`). Tables merge the way Codex
 * merges layers: a table into a table key by key, anything else replaces (codex-rs/config/src/merge.rs).
 */
export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

export function toPlain(node: SourceNode): Plain {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'array') return node.items.map(toPlain);
  const object: { [key: string]: Plain } = Object.create(null) as { [key: string]: Plain };
  for (const entry of node.entries) object[entry.key] = toPlain(entry.value);
  return object;
}

export function isTable(value: Plain | undefined): value is { [key: string]: Plain } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `base` with `overlay` merged into it (a new value; neither argument changes). */
export function mergePlain(base: Plain, overlay: Plain): Plain {
  if (!isTable(base) || !isTable(overlay)) return overlay;
  const merged: { [key: string]: Plain } = Object.assign(Object.create(null) as object, base);
  for (const [key, value] of Object.entries(overlay)) merged[key] = key in merged ? mergePlain(merged[key]!, value) : value;
  return merged;
}

/** The value at a path of table keys, else undefined. */
export function lookup(value: Plain | undefined, ...path: string[]): Plain | undefined {
  let current = value;
  for (const key of path) {
    if (!isTable(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}
