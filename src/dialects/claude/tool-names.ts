import type { DialectConfigSpec } from '../../config/config-spec.js';

/**
 * Claude Code's built-in tool names as hooks see them in `tool_name` (cc hooks §PreToolUse; the
 * names are in the 2.1.328 binary). Lint compares exact matchers with them case-insensitively, so a
 * name missing here only costs a wrong-case hint, never a false finding.
 */
export const toolNames: NonNullable<DialectConfigSpec['toolNames']> = {
  tools: [
    'Agent',
    'AskUserQuestion',
    'Bash',
    'BashOutput',
    'CronCreate',
    'CronDelete',
    'CronList',
    'Edit',
    'EnterPlanMode',
    'EnterWorktree',
    'ExitPlanMode',
    'ExitWorktree',
    'Glob',
    'Grep',
    'KillShell',
    'LSP',
    'ListMcpResourcesTool',
    'Monitor',
    'MultiEdit',
    'NotebookEdit',
    'Read',
    'ReadMcpResourceTool',
    'Skill',
    'Task',
    'TaskCreate',
    'TaskGet',
    'TaskList',
    'TaskOutput',
    'TaskStop',
    'TaskUpdate',
    'TodoWrite',
    'ToolSearch',
    'WebFetch',
    'WebSearch',
    'Write',
  ],
  // Names copied from other agents' hook configs: none is a Claude tool.
  otherAgents: {
    terminal: { agent: 'octo', instead: 'Bash' },
    Shell: { agent: 'Cursor', instead: 'Bash' },
    shell: { agent: "Codex's model (its hooks see Bash)", instead: 'Bash' },
    run_shell_command: { agent: 'Gemini CLI', instead: 'Bash' },
    apply_patch: { agent: 'Codex', instead: 'Edit|Write' },
    spawn_agent: { agent: 'Codex', instead: 'Agent' },
    read_file: { agent: 'Gemini CLI', instead: 'Read' },
    write_file: { agent: 'Gemini CLI', instead: 'Write' },
  },
};
