import type { DialectConcordance } from '../../kit/index.js';

/**
 * GitHub Copilot CLI's row of the cross-agent concordance: its own camelCase events and the tool
 * names they carry in `toolName` (1.0.102, tool-samples.ts). It also fires the canonical names with
 * the canonical payloads (events.ts); those are the canonical row's, not restated here. Its
 * camelCase payloads (`toolName`, `toolArgs`) are not the shape case translation and the
 * multi-agent guard read, so it gives no `inputs`.
 */
export const concordance: DialectConcordance = {
  events: {
    SessionStart: 'sessionStart',
    UserPromptSubmit: 'userPromptSubmitted',
    PreToolUse: 'preToolUse',
    PermissionRequest: 'permissionRequest',
    PostToolUse: 'postToolUse',
    Stop: 'agentStop',
    SessionEnd: 'sessionEnd',
  },
  // Its Claude-named events carry Claude's tool names (PreToolUse `Bash`, PostToolUseFailure `Read`: events.ts,
  // fixture.ts; `Write`, `Edit`, `Grep`, `Glob`, `Agent` seen in PreToolUse payloads, session-records.ts reads
  // them from here), and a matcher there takes either (index.ts `aliases`).
  tools: {
    shell: ['bash', 'Bash'],
    edit: ['edit', 'Edit'],
    write: ['create', 'Write'],
    read: ['view', 'Read'],
    grep: ['grep', 'Grep'],
    glob: ['glob', 'Glob'],
    agent: ['task', 'Agent'],
  },
};
