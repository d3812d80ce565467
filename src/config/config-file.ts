import type { HandlerSource } from '../kit/handler-record.js';
import type { ParsedFile } from './source-tree.js';

/**
 * What a file is for, which decides its top-level keys: a dedicated hooks file (`hooks.json`,
 * `hooks.yml`), a general config file with inline `[hooks]` (`config.toml`), a managed requirements
 * file, or an environment variable presented as a one-handler file (octo env compat).
 */
export type FileRole = 'hooks-file' | 'inline-config' | 'managed-requirements' | 'env';

export interface PluginInfo {
  name: string;
  /** The plugin directory; `PLUGIN_ROOT` for its commands. */
  root: string;
  /** The plugin's data directory; `PLUGIN_DATA` for its commands. */
  data: string;
}

/** One discovered config file, parsed, with the layer it belongs to. */
export interface ConfigFile {
  parsed: ParsedFile;
  source: HandlerSource;
  role: FileRole;
  /** Files of one layer (one config directory) share this key. */
  layer: string;
  plugin: PluginInfo | null;
}
