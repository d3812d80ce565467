import type { ConfigFile } from './config-file.js';
import { setField } from './field-value.js';

/**
 * A list setting whose arrays merge across config layers (Claude Code: "arrays merge", duplicates
 * removed): each string value, in first-seen order, with every file whose list names it. Null when
 * no file sets the key to an array, which agents read as "no restriction", unlike an empty list.
 * The caller picks the files that hold settings; lint's `http-env-allowed` and `list` share this so
 * they cannot disagree about what is allowed and where it came from.
 */
export function mergedListSources(files: readonly ConfigFile[], key: string): Map<string, ConfigFile[]> | null {
  let set = false;
  const values = new Map<string, ConfigFile[]>();
  for (const file of files) {
    const root = file.parsed.root;
    if (root?.kind !== 'object') continue;
    const value = setField(root, key)?.value;
    if (value?.kind !== 'array') continue;
    set = true;
    for (const item of value.items) {
      if (item.kind !== 'scalar' || typeof item.value !== 'string') continue;
      const listing = values.get(item.value) ?? [];
      if (!listing.includes(file)) listing.push(file);
      values.set(item.value, listing);
    }
  }
  return set ? values : null;
}
