import type { LintFacts } from '../../config/lint-facts.js';

/**
 * How a claude command reaches a project script from any cwd (cc hooks §Reference scripts by path:
 * hooks run in the session's cwd, which follows `cd`; `CLAUDE_PROJECT_DIR` is the project root), and
 * what a missing script's exit code does per event (SPEC-dialects 8.4 "exit 2", 8.5).
 */
export const projectAnchor: NonNullable<LintFacts['projectAnchor']> = {
  root: 'project',
  shellPrefix: '"$CLAUDE_PROJECT_DIR"/',
  // Exec form: no shell; Claude replaces `${CLAUDE_PROJECT_DIR}` in the program and arguments as text.
  execPrefix: '${CLAUDE_PROJECT_DIR}/',
  exitTwo: {
    PreToolUse: 'denies every tool call it matches',
    UserPromptSubmit: 'blocks and erases every prompt',
    UserPromptExpansion: 'blocks every expansion',
    PostToolUse: 'sends the error to Claude after every tool call it matches',
    PostToolUseFailure: 'sends the error to Claude after every failed tool call it matches',
    PostToolBatch: 'stops the agent loop after every batch',
    SubagentStop: 'keeps every subagent from stopping',
    Stop: 'keeps every turn from ending (Claude gives up after 8 blocks)',
    TaskCreated: 'deletes every new task',
    TaskCompleted: 'keeps every task from completing',
    TeammateIdle: 'keeps every teammate working',
    ConfigChange: 'blocks every settings change',
    PreCompact: 'blocks every compaction',
    Elicitation: 'declines every elicitation',
    ElicitationResult: 'declines every elicitation',
  },
  anyFailure: { WorktreeCreate: 'fails every worktree creation' },
};
