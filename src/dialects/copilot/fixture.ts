import { requireKnownEvent } from '../../contracts/known-event.js';
import { COPILOT_EVENTS } from './events.js';

const EVENT_NAMES = COPILOT_EVENTS.map((event) => event.name);
const randomUUID = () => globalThis.crypto.randomUUID();
const camelTool = () => ({ toolName: 'bash', toolArgs: { command: 'echo hello', description: 'Print hello' } });
const snakeTool = () => ({ tool_name: 'Bash', tool_input: { command: 'echo hello', description: 'Print hello' } });

/** Fields only some events carry, as Copilot CLI 1.0.102 sends them (test/agents/copilot). */
const EVENT_FIELDS: Readonly<Record<string, () => Record<string, unknown>>> = {
  userPromptSubmitted: () => ({ prompt: 'hello' }),
  userPromptTransformed: () => ({ prompt: 'hello' }),
  preToolUse: camelTool,
  permissionRequest: camelTool,
  postToolUse: () => ({ ...camelTool(), toolResult: { resultType: 'success', textResultForLlm: 'hello\n' } }),
  UserPromptSubmit: () => ({ prompt: 'hello' }),
  PreToolUse: snakeTool,
  PermissionRequest: snakeTool,
  PostToolUse: () => ({ ...snakeTool(), tool_response: 'hello\n' }),
};

/**
 * A schema-valid Copilot CLI payload for `event` with a fresh session id: camelCase events get
 * `sessionId` and a millisecond timestamp, Claude-named ones `session_id`, `hook_event_name` and
 * an ISO timestamp.
 */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('copilot', event, EVENT_NAMES);
  const session = randomUUID();
  const common = /^[a-z]/.test(event)
    ? { sessionId: session, timestamp: Date.now(), cwd: context.cwd }
    : { hook_event_name: event, session_id: session, timestamp: new Date().toISOString(), cwd: context.cwd };
  return { ...common, ...EVENT_FIELDS[event]?.() };
}
