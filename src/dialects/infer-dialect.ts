import { basename, extname } from 'node:path';
import { DIALECT_IDS, manifestOf, type DialectId } from './registry.js';
import { repositoryPatterns } from './repository-files.js';

/**
 * The dialect a config file belongs to, from its path: the first dialect whose repository files
 * (manifest `repositoryFiles`, markers checked on disk) the path ends with; else the nearest
 * dialect config directory (`.openinterpreter`, `.octo`, …) on the path; otherwise the extension,
 * the first dialect in the registry that reads it (JSON and TOML are openinterpreter's, YAML is
 * octo's). Null for a file no dialect reads.
 */
export function inferDialectFromPath(path: string): DialectId | null {
  const placed = repositoryPatterns().place(path)?.owner;
  if (placed !== undefined) return placed as DialectId;
  const segments = path.split(/[\\/]/);
  for (let i = segments.length - 1; i >= 0; i--) {
    const owner = DIALECT_IDS.find((id) => manifestOf(id).configDir === segments[i]);
    if (owner) return owner;
  }
  const extension = extname(basename(path)).toLowerCase();
  return DIALECT_IDS.find((id) => manifestOf(id).extensions.includes(extension)) ?? null;
}
