/** Minimal valid input payloads for engine tests, per dialect. */
export function oiPayload(event: string, cwd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const common: Record<string, unknown> = {
    session_id: 'test-session',
    cwd,
    transcript_path: null,
    hook_event_name: event,
    model: 'test-model',
  };
  if (event !== 'SessionStart') common.turn_id = 'turn-1';
  if (event !== 'PreCompact' && event !== 'PostCompact') common.permission_mode = 'default';
  const perEvent: Record<string, Record<string, unknown>> = {
    SessionStart: { source: 'startup' },
    UserPromptSubmit: { prompt: 'hello' },
    PreToolUse: { tool_name: 'Bash', tool_input: { command: 'echo hello' }, tool_use_id: 'tu-1' },
    PermissionRequest: { tool_name: 'Bash', tool_input: { command: 'echo hello' } },
    PostToolUse: { tool_name: 'Bash', tool_input: { command: 'echo hello' }, tool_use_id: 'tu-1', tool_response: 'hello' },
    PreCompact: { trigger: 'manual' },
    PostCompact: { trigger: 'manual' },
    SubagentStart: { agent_id: 'a1', agent_type: 'explorer' },
    SubagentStop: {
      agent_id: 'a1',
      agent_type: 'explorer',
      stop_hook_active: false,
      agent_transcript_path: null,
      last_assistant_message: 'done',
    },
    Stop: { stop_hook_active: false, last_assistant_message: 'done' },
  };
  return { ...common, ...perEvent[event], ...extra };
}

export function octoPayload(event: string, cwd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const envelope = { event, session_id: 'test-session', cwd, transcript_path: null, model: 'test-model', transport: 'cli' };
  const perEvent: Record<string, Record<string, unknown>> = {
    SessionStart: {},
    UserPromptSubmit: { prompt: 'hello' },
    PreToolUse: { tool_name: 'terminal', tool_input: { command: 'echo hello' } },
    PostToolUse: { tool_name: 'terminal', tool_input: { command: 'echo hello' }, tool_output: 'hello' },
    Stop: { status: 'success', error: null },
    SubagentStop: { agent_id: 'a1', agent_type: 'explorer', status: 'success' },
    PreCompact: { trigger: 'auto' },
  };
  return { ...envelope, ...perEvent[event], ...extra };
}

/**
 * A minimal valid codex input payload, keys in the order Codex writes them (SPEC-dialects 9.7):
 * SessionStart and SessionEnd have no `turn_id`; SessionEnd, PreCompact and PostCompact no
 * `permission_mode`; SessionEnd no `model`.
 */
export function codexPayload(event: string, cwd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const common: Record<string, unknown> = { session_id: 'test-session' };
  if (event !== 'SessionStart' && event !== 'SessionEnd') common.turn_id = 'turn-1';
  Object.assign(common, { transcript_path: null, cwd, hook_event_name: event });
  if (event !== 'SessionEnd') common.model = 'test-model';
  if (!['PreCompact', 'PostCompact', 'SessionEnd'].includes(event)) common.permission_mode = 'default';
  const perEvent: Record<string, Record<string, unknown>> = {
    SessionStart: { source: 'startup' },
    SessionEnd: { reason: 'other' },
    UserPromptSubmit: { prompt: 'hello' },
    PreToolUse: { tool_name: 'Bash', tool_input: { command: 'echo hello' }, tool_use_id: 'tu-1' },
    PermissionRequest: { tool_name: 'Bash', tool_input: { command: 'echo hello' } },
    PostToolUse: { tool_name: 'Bash', tool_input: { command: 'echo hello' }, tool_response: 'hello', tool_use_id: 'tu-1' },
    PreCompact: { trigger: 'manual' },
    PostCompact: { trigger: 'manual' },
    SubagentStart: { agent_id: 'a1', agent_type: 'explorer' },
    SubagentStop: {
      agent_transcript_path: null,
      stop_hook_active: false,
      agent_id: 'a1',
      agent_type: 'explorer',
      last_assistant_message: 'done',
    },
    Stop: { stop_hook_active: false, last_assistant_message: 'done' },
  };
  return { ...common, ...perEvent[event], ...extra };
}

/** A minimal valid claude PreToolUse or Stop payload (SPEC-dialects 8.4), for end-to-end tests. */
export function claudePayload(event: 'PreToolUse' | 'Stop', cwd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const common = {
    session_id: 'test-session',
    transcript_path: `${cwd}/transcript.jsonl`,
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
  };
  const perEvent = {
    PreToolUse: { tool_name: 'Bash', tool_input: { command: 'echo hello' }, tool_use_id: 'toolu_1' },
    Stop: { stop_hook_active: false, last_assistant_message: 'Done.' },
  };
  return { ...common, ...perEvent[event], ...extra };
}
