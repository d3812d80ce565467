/**
 * What each claude event does with a hook's exit code and output (SPEC-dialects 8.4, 8.5; cc hooks
 * §Exit code 2 behavior per event, §Decision control, each event's section).
 */

/**
 * Exit 2: `block` has the event's block effect (with stderr as the reason unless the JSON gives
 * one); `report` is a failure shown to the user, no effect; `ignore` is a completed run; `other`
 * is treated like any other non-zero exit (PermissionRequest). WorktreeCreate fails on any
 * non-zero exit (`failAnyNonZero`).
 */
export type ExitTwo = 'block' | 'report' | 'ignore' | 'other';

export interface EventRule {
  exitTwo: ExitTwo;
  /** Plain (non-JSON) stdout on exit 0 is context for the model. */
  plainContext: boolean;
  /**
   * Universal fields the event discards: the hook may print them, hookctl applies nothing and warns
   * `<field> is discarded on <Event>`. `all` discards every field except `terminalSequence`.
   */
  discards: readonly string[] | 'all';
  /** Block reasons of several hooks are joined with a blank line, else the first in configured order wins. */
  joinReasons: boolean;
  /** `continue: false` overrides a block (the block means "keep going"). */
  stopOverridesBlock: boolean;
}

const rule = (exitTwo: ExitTwo, extra: Partial<EventRule> = {}): EventRule => ({
  exitTwo,
  plainContext: false,
  discards: [],
  joinReasons: false,
  stopOverridesBlock: false,
  ...extra,
});

const NO_CONTINUE = ['continue', 'stopReason'];
const NO_CONTINUE_OR_MESSAGE = ['continue', 'stopReason', 'systemMessage'];

export const EVENT_RULES: Readonly<Record<string, EventRule>> = {
  SessionStart: rule('report', { plainContext: true }),
  Setup: rule('report'),
  InstructionsLoaded: rule('ignore', { discards: 'all' }),
  UserPromptSubmit: rule('block', { plainContext: true }),
  UserPromptExpansion: rule('block', { plainContext: true }),
  MessageDisplay: rule('report', { discards: NO_CONTINUE_OR_MESSAGE }),
  PreToolUse: rule('block'),
  PermissionRequest: rule('other'),
  PostToolUse: rule('block', { joinReasons: true }),
  PostToolUseFailure: rule('block', { joinReasons: true }),
  PostToolBatch: rule('block'),
  PermissionDenied: rule('ignore'),
  Notification: rule('ignore', { discards: NO_CONTINUE_OR_MESSAGE }),
  SubagentStart: rule('report'),
  SubagentStop: rule('block', { joinReasons: true, stopOverridesBlock: true }),
  TaskCreated: rule('block', { joinReasons: true, discards: NO_CONTINUE }),
  TaskCompleted: rule('block'),
  Stop: rule('block', { joinReasons: true, stopOverridesBlock: true }),
  StopFailure: rule('ignore', { discards: 'all' }),
  TeammateIdle: rule('block', { stopOverridesBlock: true }),
  ConfigChange: rule('block', { discards: NO_CONTINUE_OR_MESSAGE }),
  CwdChanged: rule('report', { discards: NO_CONTINUE }),
  DirectoryAdded: rule('ignore', { discards: NO_CONTINUE }),
  FileChanged: rule('report', { discards: NO_CONTINUE }),
  WorktreeCreate: rule('block', { discards: NO_CONTINUE_OR_MESSAGE }),
  WorktreeRemove: rule('ignore', { discards: 'all' }),
  PreCompact: rule('block', { discards: NO_CONTINUE_OR_MESSAGE }),
  PostCompact: rule('report', { discards: NO_CONTINUE_OR_MESSAGE }),
  SessionEnd: rule('report', { discards: 'all' }),
  Elicitation: rule('block', { discards: NO_CONTINUE_OR_MESSAGE }),
  ElicitationResult: rule('block', { discards: NO_CONTINUE_OR_MESSAGE }),
  // Claude Code 2.1.328's hook catalogue (binary strings; the events are not in the docs mirror):
  // PreModelSwitch exit 2 blocks the switch; PostModelSwitch stdout on exit 0 reaches Claude.
  PreModelSwitch: rule('block'),
  PostModelSwitch: rule('report', { plainContext: true }),
  // Claude Code 2.1.332: a guard on a skill's shell command; exit 2 (a blockingError) keeps it from
  // running, as deny, ask, defer or any updatedInput do (the binary's PreSkillShellCommand refusal).
  PreSkillShellCommand: rule('block'),
  // Claude Code 2.1.336 (Agent SDK 0.3.336): "Its output is ignored".
  Interrupt: rule('ignore', { discards: 'all' }),
};

/** Whether the event reads top-level `decision: "block"` (cc hooks §Decision control). */
export const TOP_LEVEL_DECISION_EVENTS: ReadonlySet<string> = new Set([
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'SubagentStop',
  'Stop',
  'TaskCreated',
  'ConfigChange',
  'PreCompact',
]);
