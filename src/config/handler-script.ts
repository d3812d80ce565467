import { isAbsolute, resolve } from 'node:path';
import { commandScript } from './command-script.js';
import type { ConfigFile } from './config-file.js';
import { setField } from './field-value.js';
import { substitutePluginVariables } from './plugin-variables.js';
import type { SourceObject, SourcePosition } from './source-tree.js';

export interface HandlerScript {
  /** As the command names it (after plugin variable substitution). */
  written: string;
  /** Absolute path. */
  path: string;
  direct: boolean;
  /** Position of the command value. */
  pos: SourcePosition;
}

/**
 * The script a handler's command runs, when lint can check it: a relative path (resolved against
 * the directory hooks run in) or a path inside a plugin via `${PLUGIN_ROOT}`. Other
 * absolute paths are machine-specific and left alone.
 */
export function handlerScript(file: ConfigFile, handler: SourceObject, projectDir: string): HandlerScript | null {
  const entry = setField(handler, 'command');
  if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string') return null;
  const raw = entry.value.value;
  const script = commandScript(substitutePluginVariables(raw, file.plugin));
  if (script === null || script.path.startsWith('~')) return null;
  const fromPlugin = file.plugin !== null && raw.includes('${PLUGIN_');
  if (isAbsolute(script.path) && !fromPlugin) return null;
  return { written: script.path, path: resolve(projectDir, script.path), direct: script.direct, pos: entry.value.pos };
}
