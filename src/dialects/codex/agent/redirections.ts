import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
const REDIRECTING = new RegExp(`^\\s*(\\[\\[?\\s*)?"?(${KEYS.join('|')})"?\\s*([.\\]=])`);

/** The config files the agent run copies: the project's, and the user's when opted in. */
export function copiedCodexConfigs(projectDir: string, codexHome: string | null): string[] {
  const files = [join(projectDir, '.codex', 'config.toml')];
  if (codexHome !== null) files.push(join(codexHome, 'config.toml'));
  return files;
}

/** One line per redirecting key or table (by line, so even a file Codex would reject is checked). */
export function codexRedirections(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    text.split('\n').forEach((line, index) => {
      const match = REDIRECTING.exec(line);
      if (match) found.push(`${file}:${index + 1}: "${match[2]}" can send Codex to another endpoint or start a program that is not a hook`);
    });
  }
  return found;
}
