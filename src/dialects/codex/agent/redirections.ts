import { join } from 'node:path';
import { type AST, parseTOML } from 'toml-eslint-parser';
import { tooDeepBracketOffset } from '../../../config/toml-nesting.js';
import { readRegularFileSync, SIZE_CAPS } from '../../../util/regular-file.js';

/**
 * config.toml keys that can send Codex (or what it starts besides hooks) somewhere other than the
 * scripted model on 127.0.0.1, found in the 0.169.0 binary's config schema and codex-rs/config:
 * providers and their base URLs, profiles (which choose a provider), the OpenAI/ChatGPT base URLs,
 * MCP servers (remote URLs, or programs that are not hooks), and the OpenTelemetry exporter.
 * `hookctl test --agent codex` refuses to run with any of them in a copied layer.
 */
const KEYS = [
  'model_providers',
  'model_provider',
  'profiles',
  'profile',
  'openai_base_url',
  'chatgpt_base_url',
  'mcp_servers',
  'otel',
  'experimental_bearer_token',
  'model_catalog_json',
];
// By line, so that even a file no TOML parser reads is checked: a key or table header whose first
// segment is one of KEYS, bare or in either kind of quotes.
const REDIRECTING = new RegExp(`^\\s*(\\[\\[?\\s*)?["']?(${KEYS.join('|')})["']?\\s*([.\\]=])`);

const WHY = 'can send Codex to another endpoint or start a program that is not a hook';

/** The config files the agent run copies: the project's, and the user's when opted in. */
export function copiedCodexConfigs(projectDir: string, codexHome: string | null): string[] {
  const files = [join(projectDir, '.codex', 'config.toml')];
  if (codexHome !== null) files.push(join(codexHome, 'config.toml'));
  return files;
}

/**
 * One line per redirecting key or table. Each file is checked twice: by line (above), and as TOML
 * (the newest version, the most lenient), whose top-level keys and table headers are compared after
 * the parser undid quoting and escapes (`"model\u005fprovider"`). A file that exists but is not a
 * regular file, is too large or is not TOML hookctl reads is refused: Codex might read it.
 */
export function codexRedirections(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const read = readRegularFileSync(file, SIZE_CAPS.configToml);
    if (!read.ok) return read.missing ? [] : [`${file}: cannot be checked (${read.reason}), and Codex might read it`];
    const text = read.bytes.toString('utf8').replace(/^\uFEFF/, '');
    const found = new Map<number, string>();
    text.split('\n').forEach((line, index) => {
      const match = REDIRECTING.exec(line);
      if (match) found.set(index + 1, match[2] as string);
    });
    const parsed = topLevelKeys(text);
    if (parsed === null) return [...lines(file, found), `${file}: is not TOML hookctl can check, and Codex might still read it`];
    for (const { key, line } of parsed) if (KEYS.includes(key) && !found.has(line)) found.set(line, key);
    return lines(file, found);
  });
}

function lines(file: string, found: ReadonlyMap<number, string>): string[] {
  return [...found].sort(([a], [b]) => a - b).map(([line, key]) => `${file}:${line}: "${key}" ${WHY}`);
}

/** The first segment of every top-level key and table header with its line, or null when the text is not TOML. */
function topLevelKeys(text: string): { key: string; line: number }[] | null {
  // Nesting past the config limit is refused before the recursive parser could run out of stack.
  if (tooDeepBracketOffset(text) !== null) return null;
  let program: AST.TOMLProgram;
  try {
    program = parseTOML(text, { tomlVersion: 'latest' });
  } catch {
    return null;
  }
  const top = program.body[0];
  return (top?.body ?? []).flatMap((node) => {
    const first = node.key.keys[0];
    if (first === undefined) return [];
    return [{ key: first.type === 'TOMLBare' ? first.name : first.value, line: node.loc.start.line }];
  });
}
