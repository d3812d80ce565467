import type { LintFacts } from '../../config/lint-facts.js';

/**
 * Gemini CLI's built-in tool names as hooks see them in `tool_name` (@google/gemini-cli-core 0.61.0,
 * `*_TOOL_NAME` constants); MCP tools are `mcp_<server>_<tool>`. Lint compares exact matchers with
 * them, so a missing name only costs a hint, never a false finding.
 */
export const toolNames: NonNullable<LintFacts['toolNames']> = {
  tools: [
    'activate_skill',
    'ask_user',
    'complete_task',
    'enter_plan_mode',
    'exit_plan_mode',
    'get_internal_docs',
    'glob',
    'google_web_search',
    'grep_search',
    'invoke_agent',
    'list_directory',
    'list_mcp_resources',
    'read_file',
    'read_many_files',
    'read_mcp_resource',
    'replace',
    'run_shell_command',
    'save_memory',
    'update_topic',
    'web_fetch',
    'write_file',
    'write_todos',
  ],
};
