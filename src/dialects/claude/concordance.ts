import type { DialectConcordance } from '../../kit/index.js';

/** Claude Code's row of the cross-agent table: its names are the canonical events. */
export const concordance: DialectConcordance = {
  events: {
    PreToolUse: 'PreToolUse',
    PostToolUse: 'PostToolUse',
    PermissionRequest: 'PermissionRequest',
    UserPromptSubmit: 'UserPromptSubmit',
    SessionStart: 'SessionStart',
    SessionEnd: 'SessionEnd',
    Stop: 'Stop',
  },
  tools: { shell: 'Bash', write: 'Write', edit: 'Edit', read: 'Read' },
  inputs: { shell: 'command', write: 'file_path', edit: 'file_path', read: 'file_path' },
  denyByExit2: ['PreToolUse', 'UserPromptSubmit', 'Stop'],
};
