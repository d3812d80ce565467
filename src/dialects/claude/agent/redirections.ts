import { join } from 'node:path';
import { parseJsonc } from '../../../config/parse-json.js';
import type { SourceNode } from '../../../config/source-tree.js';
import { readRegularFileSync, SIZE_CAPS } from '../../../util/regular-file.js';

/**
 * Settings that can send Claude Code somewhere other than the scripted model on 127.0.0.1, or make
 * it run a credential program, found in the binary's strings (2.1.328) and its settings docs: the
 * key helpers run before any request and hand their output to Anthropic-compatible endpoints; the
 * login switches force an OAuth flow. `hookctl test --agent` refuses to run with any of them.
 */
const REDIRECTING_KEYS = [
  'apiKeyHelper',
  'awsAuthRefresh',
  'awsCredentialExport',
  'gcpAuthRefresh',
  'otelHeadersHelper',
  'forceLoginMethod',
  'forceLoginOrgUUID',
];

/** `env` entries that choose an endpoint, a credential, a proxy or a telemetry exporter. */
const REDIRECTING_ENV =
  /^(ANTHROPIC_\w*(URL|TOKEN|KEY|HEADERS)|CLAUDE_CODE_USE_\w+|CLAUDE_CODE_ENABLE_TELEMETRY|OTEL_\w+|(HTTPS?|ALL|NO)_PROXY)$/i;

const OFF_MACHINE = 'can send Claude Code to another endpoint or credential program';

/** The settings files the agent run copies: project and local layers, and the user layer when opted in. */
export function copiedSettingsFiles(projectDir: string, userConfigDir: string | null): string[] {
  const files = [join(projectDir, '.claude', 'settings.json'), join(projectDir, '.claude', 'settings.local.json')];
  if (userConfigDir !== null) files.push(join(userConfigDir, 'settings.json'));
  return files;
}

/**
 * One line per redirecting setting in those files. Each file is read as Claude Code reads it, and
 * more leniently where that is unsure: a leading byte-order mark is skipped, comments are allowed,
 * every occurrence of a repeated key counts. A file that exists but cannot be read that way (not a
 * regular file, too large, nested too deep, not UTF-8 JSON, a trailing comma) is itself a refusal:
 * the agent might read what hookctl could not check.
 */
export function claudeRedirections(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const root = readLeniently(file);
    if (typeof root === 'string') return [`${file}: ${root}`];
    if (root === null) return [];
    const found: string[] = [];
    for (const [key, value] of properties(root)) {
      if (REDIRECTING_KEYS.includes(key)) found.push(`${file}: "${key}" ${OFF_MACHINE}`);
      if (key !== 'env') continue;
      for (const [name] of properties(value)) if (REDIRECTING_ENV.test(name)) found.push(`${file}: "env.${name}" ${OFF_MACHINE}`);
    }
    return found;
  });
}

/**
 * The project's `.mcp.json` servers: Claude Code starts a project stdio server when the settings
 * enable it (`enableAllProjectMcpServers`, `enabledMcpjsonServers`), which the copied settings may
 * do; such a server is a program that is not a hook, run with the agent, so it is refused whatever
 * the settings say, as the Codex side refuses `mcp_servers`.
 */
export function claudeProjectMcpServers(projectDir: string): string[] {
  const file = join(projectDir, '.mcp.json');
  const root = readLeniently(file);
  if (typeof root === 'string') return [`${file}: ${root}`];
  if (root === null) return [];
  const servers = properties(root).filter(([key]) => key === 'mcpServers');
  const names = servers.flatMap(([, value]) => properties(value).map(([name]) => name));
  // Something other than an object of servers (`"mcpServers": "x"`) is refused too: it is not what hookctl checked.
  if (servers.some(([, value]) => value.kind !== 'object')) names.push('(not an object)');
  return names.map((name) => `${file}: MCP server "${name}" would start a program that is not a hook inside the agent run`);
}

/** The file's top-level JSON node, null when it does not exist, or why it cannot be checked. */
function readLeniently(file: string): SourceNode | null | string {
  const read = readRegularFileSync(file, SIZE_CAPS.configJson);
  if (!read.ok) return read.missing ? null : `cannot be checked (${read.reason}), and Claude Code might read it`;
  // parseJsonc stops at its nesting limit before the stack does; any error leaves root null.
  const parsed = parseJsonc(read.bytes.toString('utf8').replace(/^\uFEFF/, ''), file);
  if (parsed.root === null) return 'is not JSON hookctl can check, and Claude Code might still read it';
  return parsed.root;
}

/** The [key, value node] pairs of an object node, repeated keys included; none for any other node. */
function properties(node: SourceNode): [string, SourceNode][] {
  return node.kind === 'object' ? node.entries.map((entry) => [entry.key, entry.value]) : [];
}
