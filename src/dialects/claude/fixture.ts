import { join } from 'node:path';
import { requireKnownEvent } from '../../contracts/known-event.js';
import { CLAUDE_EVENTS } from './events.js';

const EVENT_NAMES = CLAUDE_EVENTS.map((event) => event.name);
// The global's crypto loads on first use: the dialect module is loaded by every `run`, fixtures are not.
const randomUUID = () => globalThis.crypto.randomUUID();
const toolUse = () => `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
const bash = () => ({ tool_name: 'Bash', tool_input: { command: 'echo hello', description: 'Print hello' } });

/** A `/model opus` switch from Sonnet, with the resume-cost fields Claude Code 2.1.328 sends (its SDK types). */
const modelSwitch = () => ({
  from_model: 'claude-sonnet-4-6',
  to_model: 'claude-opus-4-6',
  requested_model: 'opus',
  context_tokens: 42_000,
  prompt_cache_warm: true,
  cache_ttl: '5m',
  estimated_cache_write_usd: 0.79,
  pricing: 'catalog',
});

/**
 * Fields only some events carry (SPEC-dialects 8.4), harmless to feed a real hook. Events Claude
 * Code 2.1.328 fires in `-p` mode have exactly the fields it was seen to send (test/agents/claude:
 * `prompt_id`, `effort`, `duration_ms`, `background_tasks`, `session_crons`, no `model` on
 * SessionStart); the others follow the documented payloads (cc hooks, each event's input section).
 */
const EVENT_FIELDS: Readonly<Record<string, (cwd: string) => Record<string, unknown>>> = {
  SessionStart: () => ({ source: 'startup' }),
  Setup: () => ({ trigger: 'init' }),
  InstructionsLoaded: (cwd) => ({ file_path: join(cwd, 'CLAUDE.md'), memory_type: 'Project', load_reason: 'session_start' }),
  UserPromptSubmit: () => ({ prompt: 'hello' }),
  UserPromptExpansion: () => ({
    permission_mode: 'default',
    expansion_type: 'slash_command',
    command_name: 'review',
    command_args: '',
    prompt: '/review',
  }),
  MessageDisplay: () => ({ turn_id: randomUUID(), message_id: randomUUID(), index: 0, final: true, delta: 'Done.' }),
  PreToolUse: () => ({ ...bash(), tool_use_id: toolUse() }),
  PermissionRequest: () => ({ permission_mode: 'default', ...bash() }),
  PostToolUse: () => ({
    ...bash(),
    tool_response: { stdout: 'hello', stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
    tool_use_id: toolUse(),
    duration_ms: 41,
  }),
  PostToolUseFailure: () => ({ ...bash(), tool_use_id: toolUse(), error: 'Exit code 1', is_interrupt: false, duration_ms: 82 }),
  PostToolBatch: () => ({ tool_calls: [{ ...bash(), tool_use_id: toolUse(), tool_response: 'hello' }] }),
  PermissionDenied: () => ({ permission_mode: 'auto', ...bash(), tool_use_id: toolUse(), reason: 'Blocked by classifier' }),
  Notification: () => ({ message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' }),
  SubagentStart: () => ({}),
  SubagentStop: (cwd) => ({
    stop_hook_active: false,
    agent_transcript_path: join(cwd, '.claude', 'transcripts', 'subagents', 'agent-a0552408e81e52bd.jsonl'),
    last_assistant_message: 'Done.',
    background_tasks: [],
    session_crons: [],
  }),
  TaskCreated: () => ({ permission_mode: 'default', task_id: 'task-001', task_subject: 'Write the tests' }),
  TaskCompleted: () => ({ permission_mode: 'default', task_id: 'task-001', task_subject: 'Write the tests' }),
  Stop: () => ({ stop_hook_active: false, last_assistant_message: 'Done.', background_tasks: [], session_crons: [] }),
  StopFailure: () => ({ error: 'rate_limit', last_assistant_message: 'API Error: Rate limit reached' }),
  TeammateIdle: () => ({ permission_mode: 'default', teammate_name: 'researcher', team_name: 'default' }),
  ConfigChange: (cwd) => ({ source: 'project_settings', file_path: join(cwd, '.claude', 'settings.json') }),
  CwdChanged: (cwd) => ({ old_cwd: cwd, new_cwd: join(cwd, 'src') }),
  DirectoryAdded: (cwd) => ({ directory: join(cwd, '..'), source: 'slash_command' }),
  FileChanged: (cwd) => ({ file_path: join(cwd, '.envrc'), event: 'change' }),
  WorktreeCreate: () => ({ name: 'feature-auth' }),
  WorktreeRemove: (cwd) => ({ worktree_path: join(cwd, '.claude', 'worktrees', 'feature-auth') }),
  PreCompact: () => ({ trigger: 'manual', custom_instructions: '' }),
  PostCompact: () => ({ trigger: 'manual', compact_summary: 'Summary of the conversation so far.' }),
  SessionEnd: () => ({ reason: 'other' }),
  Elicitation: () => ({
    permission_mode: 'default',
    mcp_server_name: 'memory',
    message: 'Which project?',
    mode: 'form',
    requested_schema: { type: 'object', properties: { project: { type: 'string' } } },
  }),
  ElicitationResult: () => ({
    permission_mode: 'default',
    mcp_server_name: 'memory',
    action: 'accept',
    mode: 'form',
    content: { project: 'hookctl' },
  }),
  PreModelSwitch: () => ({ ...modelSwitch(), source: 'command' }),
  PostModelSwitch: () => ({ ...modelSwitch(), source: 'command' }),
  // Claude Code 2.1.332's hook input for a custom command's `!` line, as test/agents/claude saw it
  // (tool_use_id is `<uuid>:inner:preamble-<n>` there, naming no tool call).
  PreSkillShellCommand: () => ({
    tool_name: 'Bash',
    tool_input: { command: 'git status --short' },
    tool_use_id: toolUse(),
    command_name: 'review',
    command_source: 'projectSettings',
    invoked_by: 'user',
  }),
  // Claude Code 2.1.336 (Agent SDK 0.3.336 InterruptHookInput): Esc at the terminal.
  Interrupt: () => ({ source: 'user', reason: 'stop', via: 'terminal' }),
};

/**
 * The fields Claude Code 2.1.328 puts between `cwd` and `hook_event_name` on the events it was seen
 * to fire in `-p` mode, in its order: `prompt_id` once a prompt is being worked on, `permission_mode`,
 * the subagent's `agent_id`/`agent_type` (SubagentStart/Stop always; tool events inside a subagent),
 * `effort` on the events of the model's turn.
 */
const TURN_FIELDS: Readonly<Record<string, readonly ('prompt_id' | 'permission_mode' | 'agent' | 'effort')[]>> = {
  UserPromptSubmit: ['prompt_id', 'permission_mode'],
  UserPromptExpansion: ['prompt_id', 'permission_mode'],
  PreToolUse: ['prompt_id', 'permission_mode', 'effort'],
  PreSkillShellCommand: ['prompt_id', 'permission_mode', 'effort'],
  PermissionRequest: ['prompt_id', 'permission_mode', 'effort'],
  PostToolUse: ['prompt_id', 'permission_mode', 'effort'],
  PostToolUseFailure: ['prompt_id', 'permission_mode', 'effort'],
  PostToolBatch: ['prompt_id', 'permission_mode', 'effort'],
  Stop: ['prompt_id', 'permission_mode', 'effort'],
  SubagentStart: ['prompt_id', 'agent'],
  SubagentStop: ['prompt_id', 'permission_mode', 'agent', 'effort'],
  MessageDisplay: ['prompt_id'],
  CwdChanged: ['prompt_id'],
  SessionEnd: ['prompt_id'],
};

function turnFields(event: string, promptId: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of TURN_FIELDS[event] ?? []) {
    if (field === 'prompt_id') out.prompt_id = promptId;
    else if (field === 'permission_mode') out.permission_mode = 'default';
    else if (field === 'effort') out.effort = { level: 'medium' };
    else Object.assign(out, { agent_id: 'a0552408e81e52bd', agent_type: 'general-purpose' });
  }
  return out;
}

/** A schema-valid claude input payload for `event` with a fresh session id (SPEC-dialects 8.4). */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('claude', event, EVENT_NAMES);
  const sessionId = randomUUID();
  return {
    session_id: sessionId,
    transcript_path: join(context.cwd, '.claude', 'transcripts', `${sessionId}.jsonl`),
    cwd: context.cwd,
    ...turnFields(event, randomUUID()),
    hook_event_name: event,
    ...EVENT_FIELDS[event]!(context.cwd),
  };
}
