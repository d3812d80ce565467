import type { LintFacts } from '../../config/lint-facts.js';
import { exitTwoGuards } from '../../kit/index.js';
import { CLAUDE_EVENTS } from './events.js';

/**
 * What exit 2 does to the action each guard event guards, in a few words. Every event of the guard
 * fact (`EventSpec.guard: 'exit-2'`) is in the table (exitTwo below derives the set from the fact);
 * one without words here gets the catalogue's summary.
 */
const GUARD_EFFECT: Readonly<Record<string, string>> = {
  PreToolUse: 'denies every tool call it matches',
  UserPromptSubmit: 'blocks and erases every prompt',
  UserPromptExpansion: 'blocks every expansion',
  PreModelSwitch: 'blocks every model switch it matches',
  PreSkillShellCommand: "keeps every skill's or command's shell command it matches from running",
};

/** Events where exit 2 has an effect other than refusing a guarded action. */
const OTHER_EFFECT: Readonly<Record<string, string>> = {
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
};

/** The exit-2 table: the guard events from the guard fact, then the other effects. */
function exitTwo(): Record<string, string> {
  const guards = [...exitTwoGuards(CLAUDE_EVENTS)].map((name) => {
    const summary = CLAUDE_EVENTS.find((event) => event.name === name)?.summary ?? name;
    return [name, GUARD_EFFECT[name] ?? `refuses every action it guards (${summary})`] as const;
  });
  return { ...Object.fromEntries(guards), ...OTHER_EFFECT };
}

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
  exitTwo: exitTwo(),
  anyFailure: { WorktreeCreate: 'fails every worktree creation' },
};
