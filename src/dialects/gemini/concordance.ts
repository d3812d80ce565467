import type { DialectConcordance } from '../../kit/index.js';

/**
 * Gemini CLI's row of the cross-agent table: its tool events are BeforeTool/AfterTool, the prompt
 * event BeforeAgent and the end of a turn AfterAgent; tools are snake_case (tool-names.ts).
 */
export const concordance: DialectConcordance = {
  events: {
    PreToolUse: 'BeforeTool',
    PostToolUse: 'AfterTool',
    UserPromptSubmit: 'BeforeAgent',
    SessionStart: 'SessionStart',
    SessionEnd: 'SessionEnd',
    Stop: 'AfterAgent',
  },
  tools: { shell: 'run_shell_command', write: 'write_file', edit: 'replace', read: 'read_file' },
  inputs: { shell: 'command', write: 'file_path', edit: 'file_path', read: 'file_path' },
  denyByExit2: ['PreToolUse', 'UserPromptSubmit'],
};
