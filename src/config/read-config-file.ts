import { extname } from 'node:path';
import { readRegularFile, SIZE_CAPS } from '../util/regular-file.js';
import type { ConfigFormat, ParsedFile } from './source-tree.js';

type Parser = (text: string, path: string) => ParsedFile;

/**
 * Each format's parser, imported the first time a file of that format is read: a run that reads
 * only JSON never loads the YAML or TOML libraries (they dominate `hookctl lint` start-up).
 * Spelled out per format so bundlers and test runners see the imports.
 */
const PARSER_LOADERS: Readonly<Record<ConfigFormat, () => Promise<Parser>>> = {
  json: async () => (await import('./parse-json.js')).parseJson,
  jsonc: async () => (await import('./parse-json.js')).parseJsonc,
  yaml: async () => (await import('./parse-yaml.js')).parseYaml,
  toml: async () => (await import('./parse-toml.js')).parseToml,
};

const CONFIG_CAPS = {
  json: SIZE_CAPS.configJson,
  jsonc: SIZE_CAPS.configJson,
  toml: SIZE_CAPS.configToml,
  yaml: SIZE_CAPS.configYaml,
} as const;

const loadedParsers = new Map<ConfigFormat, Promise<Parser>>();

function parserFor(format: ConfigFormat): Promise<Parser> {
  let parser = loadedParsers.get(format);
  if (!parser) {
    parser = PARSER_LOADERS[format]();
    loadedParsers.set(format, parser);
  }
  return parser;
}

/**
 * Whose file it is: a repository's (a project layer), whose size caps are set by what the parsers
 * can take from hostile input, or one the user or administrator owns (managed, user, plugin).
 */
export type ConfigOrigin = 'repository' | 'owned';

/**
 * Reads and parses a config file. A missing file is null (layers are optional); a file that exists
 * but cannot be read is a parsed file with no tree and the reason, so it is reported, not skipped.
 * Only a regular file up to the size cap of its origin and format is read (util/regular-file.ts).
 */
export async function readConfigFile(path: string, format: ConfigFormat, origin: ConfigOrigin = 'repository'): Promise<ParsedFile | null> {
  const read = await readRegularFile(path, origin === 'owned' ? SIZE_CAPS.configTrusted : CONFIG_CAPS[format]);
  if (!read.ok) return read.missing ? null : unreadable(path, format, `cannot read the file: ${read.reason}`);
  return (await parserFor(format))(read.bytes.toString('utf8'), path);
}

/** Like readConfigFile, but a missing file is an error too: the user named it. */
export async function readNamedConfigFile(path: string, format: ConfigFormat, origin: ConfigOrigin = 'repository'): Promise<ParsedFile> {
  return (await readConfigFile(path, format, origin)) ?? unreadable(path, format, 'the file does not exist');
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
