import { createRule } from '../rule.js';

/**
 * MCP tools are named `<prefix><server>__<tool>` (claude `mcp__memory__create_entities`; cc hooks
 * §Match MCP tools). An exact matcher `mcp__memory` names the server, is compared with whole tool
 * names, and so matches no tool at all.
 */
export const mcpMatcherWithoutTool = createRule({
  id: 'mcp-matcher-without-tool',
  severity: 'error',
  // Issue 39: the hook silently never runs, an error in lint; the agent skips it, so loading config warns.
  loadSeverity: 'warning',
  description: 'an exact tool matcher that names an MCP server but no tool, so it matches nothing',
  atLoad: true,
  messages: {
    // {{name}} is the piece of the matcher, quoted; {{suggestion}} the regex that matches the server's tools.
    serverOnly:
      'matcher {{name}} names an MCP server, not a tool: tool names are {{pattern}}, so it matches no tool and this hook never runs; ' +
      'write "{{suggestion}}" for every tool of the server',
    // {{name}} is the bare prefix, quoted.
    prefixOnly:
      'matcher {{name}} is the MCP prefix alone: tool names are {{pattern}}, so it matches no tool and this hook never runs; ' +
      'write "{{suggestion}}" for every MCP tool',
  },
  check({ spec, checked, report }) {
    const prefix = spec.lint?.mcpToolPrefix;
    if (prefix === undefined) return;
    for (const event of checked.declarations.events) {
      if (event.spec?.matcherField !== 'tool_name') continue;
      for (const group of event.groups) {
        const matcher = group.compiled?.ok ? group.compiled.matcher : null;
        if (matcher?.kind !== 'exact' || group.matcher === undefined) continue;
        for (const name of matcher.names ?? []) {
          if (name === prefix) {
            const data = { name: JSON.stringify(name), pattern: `${prefix}<server>__<tool>`, suggestion: `${prefix}.*` };
            report({ messageId: 'prefixOnly', data, pos: group.matcher.value.pos });
          }
          if (!name.startsWith(prefix) || name.length === prefix.length || name.slice(prefix.length).includes('__')) continue;
          const data = { name: JSON.stringify(name), pattern: `${prefix}<server>__<tool>`, suggestion: `${name}__.*` };
          report({ messageId: 'serverOnly', data, pos: group.matcher.value.pos });
        }
      }
    }
  },
});
