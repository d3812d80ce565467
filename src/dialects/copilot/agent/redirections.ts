import { join } from 'node:path';
import { parseJsonc } from '../../../config/parse-json.js';
import type { SourceNode } from '../../../config/source-tree.js';
import { readRegularFileSync, SIZE_CAPS } from '../../../util/regular-file.js';

/**
 * What in the copied project could make GitHub Copilot CLI start something that is not a hook or
 * the scripted model: the workspace MCP configurations 1.0.102 reads (`.mcp.json` and
 * `.github/mcp.json`, found in its bundle; `.vscode/mcp.json` is no longer read). A server there is
 * a program (or a remote URL) the agent would start with the session, so `test --agent copilot`
 * refuses to run, as the Claude side refuses `.mcp.json`. The rest of what Copilot reads is kept
 * out of the sandbox: only the hook files are copied, the provider is set by hookctl, and no
 * COPILOT_*, GH_TOKEN or proxy variable of the caller's reaches the agent.
 */
const MCP_FILES = ['.mcp.json', join('.github', 'mcp.json')];
// `mcpServers` is Copilot's key; `servers` the VS Code one, refused too rather than guessed unread.
const SERVER_KEYS = ['mcpServers', 'servers'];

export function copilotRedirections(projectDir: string): string[] {
  return MCP_FILES.flatMap((name) => {
    const file = join(projectDir, name);
    const read = readRegularFileSync(file, SIZE_CAPS.configJson);
    if (!read.ok) return read.missing ? [] : [`${file}: cannot be checked (${read.reason}), and GitHub Copilot CLI might read it`];
    const parsed = parseJsonc(read.bytes.toString('utf8').replace(/^\uFEFF/, ''), file);
    if (parsed.root === null) return [`${file}: is not JSON hookctl can check, and GitHub Copilot CLI might still read it`];
    const servers = entries(parsed.root).filter(([key]) => SERVER_KEYS.includes(key));
    const names = servers.flatMap(([, value]) => (value.kind === 'object' ? entries(value).map(([key]) => key) : ['(not an object)']));
    return names.map((server) => `${file}: MCP server "${server}" would start a program that is not a hook inside the agent run`);
  });
}

function entries(node: SourceNode): [string, SourceNode][] {
  return node.kind === 'object' ? node.entries.map((entry) => [entry.key, entry.value]) : [];
}
