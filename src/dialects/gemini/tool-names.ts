import type { DialectConfigSpec } from '../../config/config-spec.js';

/**
 * Gemini CLI's built-in tool names as hooks see them in `tool_name` (@google/gemini-cli-core 0.61.0,
 * `*_TOOL_NAME` constants); MCP tools are `mcp_<server>_<tool>`. Lint compares exact matchers with
 * them, so a missing name only costs a hint, never a false finding.
 */
export const toolNames: NonNullable<DialectConfigSpec['toolNames']> = {
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
  // Claude Code's names, which `hooks migrate --from-claude` and copied configs carry over: none is a Gemini tool.
  otherAgents: {
    Bash: { agent: 'Claude Code', instead: 'run_shell_command' },
    Edit: { agent: 'Claude Code', instead: 'replace' },
    MultiEdit: { agent: 'Claude Code', instead: 'replace' },
    Write: { agent: 'Claude Code', instead: 'write_file' },
    Read: { agent: 'Claude Code', instead: 'read_file' },
    Glob: { agent: 'Claude Code', instead: 'glob' },
    Grep: { agent: 'Claude Code', instead: 'grep_search' },
    LS: { agent: 'Claude Code', instead: 'list_directory' },
    WebFetch: { agent: 'Claude Code', instead: 'web_fetch' },
    WebSearch: { agent: 'Claude Code', instead: 'google_web_search' },
    TodoWrite: { agent: 'Claude Code', instead: 'write_todos' },
    Task: { agent: 'Claude Code', instead: 'invoke_agent' },
    Agent: { agent: 'Claude Code', instead: 'invoke_agent' },
    terminal: { agent: 'octo', instead: 'run_shell_command' },
    shell: { agent: 'Codex', instead: 'run_shell_command' },
    Shell: { agent: 'Cursor', instead: 'run_shell_command' },
    apply_patch: { agent: 'Codex', instead: 'replace|write_file' },
  },
};

/** Claude Code's event names → Gemini CLI's (what `gemini hooks migrate --from-claude` renames). */
export const CLAUDE_EVENT_NAMES: Readonly<Record<string, string>> = {
  PreToolUse: 'BeforeTool',
  PostToolUse: 'AfterTool',
  UserPromptSubmit: 'BeforeAgent',
  Stop: 'AfterAgent',
  SubagentStop: 'AfterAgent',
  SubAgentStop: 'AfterAgent',
  PreCompact: 'PreCompress',
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  Notification: 'Notification',
};
