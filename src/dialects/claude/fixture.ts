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
 * Fields only some events carry (SPEC-dialects 8.4), harmless to feed a real hook; values follow
 * the documented payloads (cc hooks, each event's input section).
 */
const EVENT_FIELDS: Readonly<Record<string, (cwd: string) => Record<string, unknown>>> = {
  SessionStart: () => ({ source: 'startup', model: 'claude-sonnet-4-6' }),
  Setup: () => ({ trigger: 'init' }),
  InstructionsLoaded: (cwd) => ({ file_path: join(cwd, 'CLAUDE.md'), memory_type: 'Project', load_reason: 'session_start' }),
  UserPromptSubmit: () => ({ permission_mode: 'default', prompt: 'hello' }),
  UserPromptExpansion: () => ({
    permission_mode: 'default',
    expansion_type: 'slash_command',
    command_name: 'review',
    command_args: '',
    prompt: '/review',
  }),
  MessageDisplay: () => ({ turn_id: randomUUID(), message_id: randomUUID(), index: 0, final: true, delta: 'Done.' }),
  PreToolUse: () => ({ permission_mode: 'default', ...bash(), tool_use_id: toolUse() }),
  PermissionRequest: () => ({ permission_mode: 'default', ...bash() }),
  PostToolUse: () => ({
    permission_mode: 'default',
    ...bash(),
    tool_use_id: toolUse(),
    tool_response: { stdout: 'hello\n', stderr: '', interrupted: false, isImage: false },
  }),
  PostToolUseFailure: () => ({
    permission_mode: 'default',
    ...bash(),
    tool_use_id: toolUse(),
    error: 'Command exited with non-zero status code 1',
  }),
  PostToolBatch: () => ({ permission_mode: 'default', tool_calls: [{ ...bash(), tool_use_id: toolUse(), tool_response: 'hello\n' }] }),
  PermissionDenied: () => ({ permission_mode: 'auto', ...bash(), tool_use_id: toolUse(), reason: 'Blocked by classifier' }),
  Notification: () => ({ message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' }),
  SubagentStart: () => ({ agent_id: `agent-${randomUUID()}`, agent_type: 'Explore' }),
  SubagentStop: (cwd) => ({
    permission_mode: 'default',
    stop_hook_active: false,
    agent_id: `agent-${randomUUID()}`,
    agent_type: 'Explore',
    agent_transcript_path: join(cwd, 'subagent.jsonl'),
    last_assistant_message: 'Done.',
  }),
  TaskCreated: () => ({ permission_mode: 'default', task_id: 'task-001', task_subject: 'Write the tests' }),
  TaskCompleted: () => ({ permission_mode: 'default', task_id: 'task-001', task_subject: 'Write the tests' }),
  Stop: () => ({ permission_mode: 'default', stop_hook_active: false, last_assistant_message: 'Done.' }),
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
};

/** A schema-valid claude input payload for `event` with a fresh session id (SPEC-dialects 8.4). */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('claude', event, EVENT_NAMES);
  const sessionId = randomUUID();
  return {
    session_id: sessionId,
    transcript_path: join(context.cwd, '.claude', 'transcripts', `${sessionId}.jsonl`),
    cwd: context.cwd,
    hook_event_name: event,
    ...EVENT_FIELDS[event]!(context.cwd),
  };
}
