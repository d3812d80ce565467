import { dirname } from 'node:path';
import type { ConfigFile, FileRole, PluginInfo } from './config-file.js';
import type { HandlerSource } from '../kit/handler-record.js';
import { type ConfigOrigin, readConfigFile } from './read-config-file.js';
import type { ConfigFormat } from './source-tree.js';

export interface FilePlacement {
  source: HandlerSource;
  role: FileRole;
  /** Defaults to the file's directory. */
  layer?: string;
  plugin?: PluginInfo | null;
  /** Whose file it is, when its source does not say (a plugin linked from a checkout is a repository's). */
  origin?: ConfigOrigin;
}

/** Reads one candidate layer file; null when it does not exist (every layer is optional). */
export async function discoveredFile(path: string, format: ConfigFormat, placement: FilePlacement): Promise<ConfigFile | null> {
  // A 'local' layer file (.claude/settings.local.json) lives in the checkout too: a repository can commit
  // one, so it gets the repository caps, not the larger cap of files the user or administrator owns.
  const fromRepository = placement.source === 'project' || placement.source === 'local';
  const parsed = await readConfigFile(path, format, placement.origin ?? (fromRepository ? 'repository' : 'owned'));
  if (parsed === null) return null;
  return {
    parsed,
    source: placement.source,
    role: placement.role,
    layer: placement.layer ?? dirname(path),
    plugin: placement.plugin ?? null,
  };
}
