import { mcpMatcherWithoutTool } from '../../../src/lint/rules/mcp-matcher-without-tool.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../rule-tester.js';

const group = (event: string, matcher: string) =>
  `{ "hooks": { "${event}": [{ "matcher": ${JSON.stringify(matcher)}, "hooks": [{ "type": "command", "command": "x" }] }] } }`;
const BARE = group('PreToolUse', 'mcp__memory');
const LIST = group('PostToolUse', 'Edit, mcp__plugin_db_postgres|mcp__github__create_issue');

new RuleTester().run(mcpMatcherWithoutTool, {
  valid: [
    { name: 'every tool of a server (cc hooks §Match MCP tools)', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'mcp__memory__.*') } },
    { name: 'one tool, exactly', files: { [CLAUDE_SETTINGS]: group('PermissionRequest', 'mcp__github__search_repositories') } },
    { name: 'a regex is not an exact name', files: { [CLAUDE_SETTINGS]: group('PreToolUse', '^mcp__memory') } },
    { name: 'an event whose matcher is not a tool name', files: { [CLAUDE_SETTINGS]: group('Elicitation', 'mcp__memory') } },
    { name: 'every MCP tool', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'mcp__.*') } },
    { name: 'a dialect that does not say how MCP tools are named', files: { [OI_JSON]: group('PreToolUse', 'mcp__memory') } },
  ],
  invalid: [
    {
      name: 'the prefix alone matches no tool (issue 23)',
      files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'mcp__') },
      errors: [
        {
          messageId: 'prefixOnly',
          ...positionOf(group('PreToolUse', 'mcp__'), '"mcp__"'),
          message:
            'matcher "mcp__" is the MCP prefix alone: tool names are mcp__<server>__<tool>, ' +
            'so it matches no tool and this hook never runs; write "mcp__.*" for every MCP tool',
        },
      ],
    },
    {
      name: 'a bare server name matches nothing',
      files: { [CLAUDE_SETTINGS]: BARE },
      errors: [
        {
          messageId: 'serverOnly',
          ...positionOf(BARE, '"mcp__memory"'),
          message:
            'matcher "mcp__memory" names an MCP server, not a tool: tool names are mcp__<server>__<tool>, ' +
            'so it matches no tool and this hook never runs; write "mcp__memory__.*" for every tool of the server',
        },
      ],
    },
    {
      name: 'a plugin server in a list with a real tool',
      files: { [CLAUDE_SETTINGS]: LIST },
      errors: [
        {
          messageId: 'serverOnly',
          ...positionOf(LIST, '"Edit'),
          data: { name: '"mcp__plugin_db_postgres"', pattern: 'mcp__<server>__<tool>', suggestion: 'mcp__plugin_db_postgres__.*' },
        },
      ],
    },
  ],
});
