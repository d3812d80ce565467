import { basename, extname } from 'node:path';
import { DIALECT_CONFIG_DIRS, DIALECT_IDS, type DialectId } from '../dialects/registry.js';

/**
 * The dialect a config file belongs to, from its path alone: the nearest dialect config directory
 * (`.openinterpreter`, `.octo`) on the path decides; otherwise the format does (JSON and TOML are
 * openinterpreter's, YAML is octo's). Null for a file neither dialect reads.
 */
export function inferDialectFromPath(path: string): DialectId | null {
  const segments = path.split(/[\\/]/);
  for (let i = segments.length - 1; i >= 0; i--) {
    const owner = DIALECT_IDS.find((id) => DIALECT_CONFIG_DIRS[id] === segments[i]);
    if (owner) return owner;
  }
  const extension = extname(basename(path)).toLowerCase();
  if (extension === '.json' || extension === '.toml') return 'openinterpreter';
  if (extension === '.yml' || extension === '.yaml') return 'octo';
  return null;
}
