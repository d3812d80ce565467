import type { LintFacts } from '../../config/lint-facts.js';
import { CLAUDE_CODE } from './agent-version.js';

/**
 * Claude Code's built-in tool names as hooks see them in `tool_name` (cc hooks §PreToolUse; the
 * names are in the pinned binary). Lint compares exact matchers with them case-insensitively, so a
 * name missing here only costs a wrong-case hint, never a false finding.
 */
/**
 * Old tool names Claude Code still matches as the new one (binary strings of 2.1.328: the subagent
 * tool was renamed `Task` → `Agent` in 2.1.63 and a `Task` matcher still selects `Agent` calls). The
 * claude matcher applies it on tool events so hookctl selects the hooks Claude runs.
 */
export const LEGACY_TOOL_NAMES: Readonly<Record<string, string>> = { Task: 'Agent' };

export const toolNames: NonNullable<LintFacts['toolNames']> = {
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
    'NotebookEdit',
    'Read',
    'ReadMcpResourceTool',
    'Skill',
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
  legacy: { Task: { tool: 'Agent', agent: 'Claude Code (2.1.63 and later)' } },
  // docs/claude.md "Built-in tools": the pinned binary has no MultiEdit tool (its BUILTIN_TOOL_NAMES); edits arrive as Edit.
  removed: { MultiEdit: { agent: CLAUDE_CODE, instead: 'Edit' } },
};
