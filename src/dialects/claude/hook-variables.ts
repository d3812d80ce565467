import type { LintFacts } from '../../config/lint-facts.js';

/**
 * The variables Claude Code sets for hooks (SPEC-dialects 8.7; cc hooks, cc env) and names configs
 * copied from blog posts use although Claude never set them: the input arrives as JSON on stdin.
 */
export const hookVariables: NonNullable<LintFacts['hookVariables']> = {
  always: ['CLAUDE_PROJECT_DIR', 'CLAUDE_CODE_SESSION_ID', 'CLAUDECODE'],
  byEvent: { CLAUDE_ENV_FILE: ['SessionStart', 'Setup', 'CwdChanged', 'FileChanged'] },
  plugin: ['CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA'],
  neverSet: {
    CLAUDE_FILE_PATHS: 'the input is JSON on stdin: read .tool_input.file_path',
    CLAUDE_TOOL_INPUT: 'the input is JSON on stdin: read .tool_input',
    CLAUDE_TOOL_NAME: 'the input is JSON on stdin: read .tool_name',
    CLAUDE_TOOL_OUTPUT: 'the input is JSON on stdin: read .tool_response',
    CLAUDE_TOOL_RESULT: 'the input is JSON on stdin: read .tool_response',
    CLAUDE_NOTIFICATION: 'the input is JSON on stdin: read .message',
    CLAUDE_USER_PROMPT: 'the input is JSON on stdin: read .prompt',
    CLAUDE_PROMPT: 'the input is JSON on stdin: read .prompt',
    CLAUDE_HOOK_EVENT_NAME: 'the input is JSON on stdin: read .hook_event_name',
    CLAUDE_EVENT: 'the input is JSON on stdin: read .hook_event_name',
    CLAUDE_SESSION_ID: 'use CLAUDE_CODE_SESSION_ID, or .session_id of the JSON on stdin',
    CLAUDE_CWD: 'the input is JSON on stdin: read .cwd',
    CLAUDE_MODEL: 'no hook variable holds the model; SessionStart input has .model',
  },
};
