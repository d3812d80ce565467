import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseJson } from './parse-json.js';
import { parseToml } from './parse-toml.js';
import { parseYaml } from './parse-yaml.js';
import type { ConfigFormat, ParsedFile } from './source-tree.js';

const PARSERS: Readonly<Record<ConfigFormat, (text: string, path: string) => ParsedFile>> = {
  json: parseJson,
  yaml: parseYaml,
  toml: parseToml,
};

/**
 * Reads and parses a config file. A missing file is null (layers are optional); a file that exists
 * but cannot be read is a parsed file with no tree and the read error, so it is reported, not skipped.
 */
export async function readConfigFile(path: string, format: ConfigFormat): Promise<ParsedFile | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    return unreadable(path, format, `cannot read the file: ${(error as Error).message}`);
  }
  return PARSERS[format](text, path);
}

/** Like readConfigFile, but a missing file is an error too: the user named it. */
export async function readNamedConfigFile(path: string, format: ConfigFormat): Promise<ParsedFile> {
  return (await readConfigFile(path, format)) ?? unreadable(path, format, 'the file does not exist');
}

export function formatFromPath(path: string): ConfigFormat | null {
  const extension = extname(path).toLowerCase();
  if (extension === '.json') return 'json';
  if (extension === '.yml' || extension === '.yaml') return 'yaml';
  if (extension === '.toml') return 'toml';
  return null;
}

function unreadable(path: string, format: ConfigFormat, message: string): ParsedFile {
  return { path, format, text: '', root: null, errors: [{ message, pos: { line: 1, column: 1, offset: 0 } }], duplicateKeys: [] };
}
