import type { EventSpec } from '../../kit/index.js';

// Closed matcher targets, as documented (cc hooks §Hook events; schema/claude/events/*.input.json enums).
const SESSION_SOURCES = ['startup', 'resume', 'clear', 'compact', 'fork'] as const;
const SETUP_TRIGGERS = ['init', 'maintenance'] as const;
const LOAD_REASONS = ['session_start', 'nested_traversal', 'path_glob_match', 'include', 'compact'] as const;
/** Notification matcher targets: also the known values of the open `notification_type` enum (open-values.ts). */
export const NOTIFICATION_TYPES = [
  'permission_prompt',
  'idle_prompt',
  'auth_success',
  'elicitation_dialog',
  'elicitation_url_dialog',
  'elicitation_complete',
  'elicitation_response',
  'agent_needs_input',
  'agent_completed',
] as const;
const STOP_FAILURE_ERRORS = [
  'rate_limit',
  'overloaded',
  'authentication_failed',
  'oauth_org_not_allowed',
  'account_on_hold',
  'verification_required',
  'billing_error',
  'cloud_credential_error',
  'invalid_request',
  'model_not_found',
  'server_error',
  'max_output_tokens',
  'unknown',
] as const;
const CONFIG_SOURCES = ['user_settings', 'project_settings', 'local_settings', 'policy_settings', 'skills'] as const;
const DIRECTORY_SOURCES = ['slash_command', 'register_repo_root'] as const;
const COMPACT_TRIGGERS = ['manual', 'auto'] as const;
const SESSION_END_REASONS = ['clear', 'resume', 'logout', 'prompt_input_exit', 'other'] as const;
const INTERRUPT_SOURCES = ['user', 'session', 'system'] as const;

/** An event of the catalogue; every claude event may be async and take host in-process hooks (SDK callbacks). */
function event(name: string, summary: string, matcherField: string | null, closedTargets: readonly string[] | null = null): EventSpec {
  return { name, summary, matcherField, closedTargets, asyncAllowed: true, inProcessAllowed: true };
}

/**
 * A guard event of the binary's own set (Claude Code 2.1.332, the hook runner's guard-event set beside
 * `onFailure`): `exit-2` where exit 2 refuses the action (event-rules.ts `block`), `decision` where only
 * the JSON decision does (PermissionRequest ignores exit 2).
 */
function guarded(spec: EventSpec, guard: 'exit-2' | 'decision' = 'exit-2'): EventSpec {
  return { ...spec, guard };
}

/**
 * The 33 Claude Code events (SPEC-dialects 8.4), in the order of the hooks reference, then the two model-switch
 * events of Claude Code 2.1.328, PreSkillShellCommand (2.1.332) and Interrupt (2.1.336) (the Agent SDK's
 * `HOOK_EVENTS`; test/contracts/claude-sdk-parity.test.ts keeps the list equal to it, and
 * test/contracts/claude-agent-facts.test.ts to the binaries' own lists). FileChanged matchers are tested
 * against the basename of `file_path` (`matcherTransform`); the model-switch events match `to_model` with a
 * `[1m]` context suffix dropped (the binary's matcher query).
 */
export const CLAUDE_EVENTS = [
  event('SessionStart', 'a session starts, resumes, is cleared, compacted or forked', 'source', SESSION_SOURCES),
  event('Setup', 'repository set-up (--init) or maintenance (--maintenance)', 'trigger', SETUP_TRIGGERS),
  event('InstructionsLoaded', 'a CLAUDE.md or rules file is loaded into context', 'load_reason', LOAD_REASONS),
  guarded(event('UserPromptSubmit', 'a prompt is about to go to the model', null)),
  guarded(event('UserPromptExpansion', 'a slash command or MCP prompt is about to expand', 'command_name')),
  event('MessageDisplay', 'assistant text is about to be shown', null),
  guarded(event('PreToolUse', 'before a tool call runs', 'tool_name')),
  guarded(event('PermissionRequest', 'before a permission dialog is shown', 'tool_name'), 'decision'),
  event('PostToolUse', 'after a tool call succeeded', 'tool_name'),
  event('PostToolUseFailure', 'after a tool call failed', 'tool_name'),
  event('PostToolBatch', 'after a batch of parallel tool calls, before the next model call', null),
  event('PermissionDenied', 'the auto-mode classifier denied a tool call', 'tool_name'),
  event('Notification', 'Claude Code sends a notification', 'notification_type', NOTIFICATION_TYPES),
  event('SubagentStart', 'a subagent is spawned', 'agent_type'),
  event('SubagentStop', 'a subagent finished', 'agent_type'),
  event('TaskCreated', 'a task is being created', null),
  event('TaskCompleted', 'a task is being marked completed', null),
  event('Stop', 'Claude finished responding', null),
  event('StopFailure', 'the turn ended on an API error', 'error', STOP_FAILURE_ERRORS),
  event('TeammateIdle', 'an agent-team teammate is about to go idle', null),
  event('ConfigChange', 'a settings or skills file changed during the session', 'source', CONFIG_SOURCES),
  event('CwdChanged', 'the working directory changed', null),
  event('DirectoryAdded', 'a working directory was added to the session', 'source', DIRECTORY_SOURCES),
  { ...event('FileChanged', 'a watched file changed on disk', 'file_path'), matcherTransform: 'basename' },
  event('WorktreeCreate', 'a worktree is being created', null),
  event('WorktreeRemove', 'a worktree is being removed', null),
  event('PreCompact', 'before context compaction', 'trigger', COMPACT_TRIGGERS),
  event('PostCompact', 'after context compaction', 'trigger', COMPACT_TRIGGERS),
  event('SessionEnd', 'a session ends', 'reason', SESSION_END_REASONS),
  event('Elicitation', 'an MCP server asks the user for input', 'mcp_server_name'),
  event('ElicitationResult', 'the user answered an MCP elicitation', 'mcp_server_name'),
  guarded(event('PreModelSwitch', 'before a requested model switch (/model, the model picker, set_model); can deny or ask', 'to_model')),
  event('PostModelSwitch', 'the session model changed (any cause)', 'to_model'),
  guarded(event('PreSkillShellCommand', "before a shell command in a skill's or command's text runs (`!` lines); can deny", 'tool_name')),
  event('Interrupt', "an interrupt ended the main conversation's turn (Claude Code 2.1.336)", 'source', INTERRUPT_SOURCES),
] as const satisfies readonly EventSpec[];

export type ClaudeEventName = (typeof CLAUDE_EVENTS)[number]['name'];

/** Events that get `CLAUDE_ENV_FILE` (cc hooks §SessionStart "Persist environment variables"). */
export const ENV_FILE_EVENTS: ReadonlySet<string> = new Set(['SessionStart', 'Setup', 'CwdChanged', 'FileChanged']);

/** Events where the `if` field is evaluated; elsewhere a handler with `if` never runs (cc hooks §Common fields). */
export const IF_EVENTS: ReadonlySet<string> = new Set([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
]);

/**
 * Events where a hook guards an action (a tool call, a permission request, a model switch, a prompt,
 * a skill's shell command): the catalogue's `guard` events, the binary's own set. A guard that fails
 * lets the action through unless `onFailure` is "block".
 */
export const GUARD_EVENTS: ReadonlySet<string> = new Set(
  CLAUDE_EVENTS.filter((event: EventSpec) => event.guard !== undefined).map((event) => event.name),
);

/** Events where Claude ignores `onFailure: "block"` (Claude Code 2.1.332, the binary's settings schema and hook runner). */
export const ON_FAILURE_IGNORED: ReadonlySet<string> = new Set(['Stop', 'SubagentStop', 'TaskCompleted', 'TeammateIdle']);

/** Events whose exact-list matchers take only `[A-Za-z0-9_|]` (cc hooks §Matcher patterns). */
export const NARROW_MATCHER_EVENTS: ReadonlySet<string> = new Set(['FileChanged', 'StopFailure']);

/** Events that accept `prompt` and `agent` handlers (cc hooks §Prompt-based hooks). */
export const MODEL_HANDLER_EVENTS: ReadonlySet<string> = new Set([
  'PermissionDenied',
  'PermissionRequest',
  'PostToolBatch',
  'PostToolUse',
  'PostToolUseFailure',
  'PreToolUse',
  'Stop',
  'SubagentStop',
  'TaskCompleted',
  'TaskCreated',
  'TeammateIdle',
  'UserPromptExpansion',
  'UserPromptSubmit',
]);

/** Events that accept only `command` and `mcp_tool` handlers (cc hooks §Prompt-based hooks). */
export const STARTUP_EVENTS: ReadonlySet<string> = new Set(['SessionStart', 'Setup']);
