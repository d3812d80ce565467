import type { DialectConcordance } from '../../kit/index.js';

/**
 * Gemini CLI's row of the cross-agent concordance: its own names for the canonical events (what
 * `gemini hooks migrate --from-claude` renames them to) and its snake_case tools (tool-names.ts,
 * @google/gemini-cli-core 0.61.0).
 */
export const concordance: DialectConcordance = {
  events: {
    PreToolUse: 'BeforeTool',
    PostToolUse: 'AfterTool',
    UserPromptSubmit: 'BeforeAgent',
    SessionStart: 'SessionStart',
    SessionEnd: 'SessionEnd',
    Stop: 'AfterAgent',
    PreCompact: 'PreCompress',
    Notification: 'Notification',
  },
  // Gemini CLI has no subagent-stop event; its migration moves such hooks to the end of the turn.
  movedEvents: { SubagentStop: 'AfterAgent' },
  tools: {
    shell: 'run_shell_command',
    edit: 'replace',
    write: 'write_file',
    read: 'read_file',
    glob: 'glob',
    grep: 'grep_search',
    list: 'list_directory',
    fetch: 'web_fetch',
    search: 'google_web_search',
    agent: 'invoke_agent',
    todo: 'write_todos',
  },
  inputs: { shell: 'command', write: 'file_path', edit: 'file_path', read: 'file_path' },
};
