import { basename, extname, sep } from 'node:path';
import type { DialectId } from '../dialects/registry.js';

/**
 * The dialect a config file belongs to, from its path alone: a `.openinterpreter` or `.octo`
 * directory on the path decides; otherwise the format does (JSON and TOML are openinterpreter's,
 * YAML is octo's). Null for a file neither dialect reads.
 */
export function inferDialectFromPath(path: string): DialectId | null {
  const segments = path.split(/[\\/]/);
  if (segments.includes('.openinterpreter') || path.includes(`${sep}openinterpreter${sep}`)) return 'openinterpreter';
  if (segments.includes('.octo')) return 'octo';
  const extension = extname(basename(path)).toLowerCase();
  if (extension === '.json' || extension === '.toml') return 'openinterpreter';
  if (extension === '.yml' || extension === '.yaml') return 'octo';
  return null;
}
