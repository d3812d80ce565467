import { requireKnownEvent } from '../../contracts/known-event.js';
import { COPILOT_EVENTS } from './events.js';

const EVENT_NAMES = COPILOT_EVENTS.map((event) => event.name);
const randomUUID = () => globalThis.crypto.randomUUID();
const ARGS = () => ({ command: 'echo hello', description: 'Print hello' });
const camelTool = () => ({ toolName: 'bash', toolArgs: ARGS() });
const snakeTool = () => ({ tool_name: 'Bash', tool_input: ARGS() });
const transcript = (cwd: string) => `${cwd}/.copilot-session/events.jsonl`;
const permission = () => ({
  hookName: 'permissionRequest',
  toolName: 'bash',
  toolInput: { command: 'echo hello' },
  permissionSuggestions: [],
});
const notification = () => ({
  message: 'Path permission needed: /etc/hosts',
  title: 'Permission needed',
  hook_event_name: 'Notification',
  notification_type: 'permission_prompt',
});
const subagent = { agentName: 'task', agentType: 'task' };
const error = () => ({ message: 'model call failed', name: 'Error', stack: 'Error: model call failed' });

/** Fields only some events carry, as Copilot CLI 1.0.102 sends them (test/agents/copilot). */
const EVENT_FIELDS: Readonly<Record<string, (cwd: string, session: string) => Record<string, unknown>>> = {
  sessionStart: () => ({ source: 'new', initialPrompt: 'hello' }),
  userPromptSubmitted: () => ({ prompt: 'hello' }),
  userPromptTransformed: () => ({ prompt: 'hello', transformedPrompt: 'hello' }),
  preToolUse: camelTool,
  permissionRequest: permission,
  postToolUse: () => ({ ...camelTool(), toolResult: { resultType: 'success', textResultForLlm: 'hello\n' } }),
  postToolUseFailure: () => ({ toolName: 'view', toolArgs: { path: 'missing.txt' }, error: 'Path does not exist' }),
  agentStop: (cwd) => ({ transcriptPath: transcript(cwd), stopReason: 'end_turn', stop_hook_active: false }),
  subagentStart: (cwd, session) => ({ transcriptPath: transcript(cwd), ...subagent, agentId: randomUUID(), parentAgentId: session }),
  subagentStop: (cwd, session) => ({
    transcriptPath: transcript(cwd),
    ...subagent,
    agentId: randomUUID(),
    response: 'done',
    stopReason: 'end_turn',
    stop_hook_active: false,
    parentAgentId: session,
  }),
  preCompact: (cwd) => ({ transcriptPath: transcript(cwd), trigger: 'auto', customInstructions: '' }),
  notification,
  errorOccurred: () => ({ errorContext: 'model_call', recoverable: true, error: error() }),
  sessionEnd: () => ({ reason: 'complete' }),
  SessionStart: () => ({ source: 'new', initial_prompt: 'hello' }),
  UserPromptSubmit: () => ({ prompt: 'hello' }),
  PreToolUse: snakeTool,
  PermissionRequest: permission,
  PostToolUse: () => ({ ...snakeTool(), tool_result: { result_type: 'success', text_result_for_llm: 'hello\n' } }),
  PostToolUseFailure: () => ({ tool_name: 'Read', tool_input: { path: 'missing.txt' }, error: 'Path does not exist' }),
  Stop: (cwd) => ({ transcript_path: transcript(cwd), stop_reason: 'end_turn', stop_hook_active: false }),
  SubagentStart: (cwd, session) => ({
    transcriptPath: transcript(cwd),
    agentName: 'task',
    agent_id: randomUUID(),
    agent_type: 'task',
    parent_agent_id: session,
  }),
  SubagentStop: (cwd, session) => ({
    agent_id: randomUUID(),
    agent_type: 'task',
    parent_agent_id: session,
    transcript_path: transcript(cwd),
    agent_name: 'task',
    last_assistant_message: 'done',
    stop_reason: 'end_turn',
    stop_hook_active: false,
  }),
  PreCompact: (cwd) => ({ transcript_path: transcript(cwd), trigger: 'auto', custom_instructions: '' }),
  Notification: notification,
  ErrorOccurred: () => ({ error: error(), error_context: 'model_call', recoverable: true }),
  SessionEnd: () => ({ reason: 'complete' }),
};

/** The Claude-named events Copilot CLI sends with its camelCase common fields. */
const CAMEL_SHAPED = new Set(['PermissionRequest', 'Notification', 'SubagentStart']);

/**
 * A schema-valid Copilot CLI payload for `event` with a fresh session id: camelCase events (and
 * CAMEL_SHAPED) get `sessionId` and a millisecond timestamp, the other Claude-named ones
 * `hook_event_name`, `session_id` and an ISO timestamp.
 */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('copilot', event, EVENT_NAMES);
  const session = randomUUID();
  const common =
    /^[a-z]/.test(event) || CAMEL_SHAPED.has(event)
      ? { sessionId: session, timestamp: Date.now(), cwd: context.cwd }
      : { hook_event_name: event, session_id: session, timestamp: new Date().toISOString(), cwd: context.cwd };
  return { ...common, ...EVENT_FIELDS[event]?.(context.cwd, session) };
}
