import type { DialectConcordance } from '../../kit/index.js';

/**
 * Codex's row of the cross-agent table: Claude Code's event names; every exec tool is sent as `Bash`
 * with `{command}`, and file changes only as `apply_patch` (the patch text in `command`), so there is
 * no write or edit tool to map a `file_path` case onto.
 */
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
  tools: { shell: 'Bash', patch: 'apply_patch' },
  inputs: { shell: 'command', patch: 'command' },
  // Claude Code's PreToolUse payload has no turn_id (cc hooks §PreToolUse); Codex always sends one.
  marker: 'turn_id',
  denyByExit2: ['PreToolUse', 'UserPromptSubmit'],
};
