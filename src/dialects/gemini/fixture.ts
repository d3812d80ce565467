import { join } from 'node:path';
import { requireKnownEvent } from '../../contracts/known-event.js';
import { GEMINI_EVENTS } from './events.js';

const EVENT_NAMES = GEMINI_EVENTS.map((event) => event.name);
const randomUUID = () => globalThis.crypto.randomUUID();
const shell = () => ({ tool_name: 'run_shell_command', tool_input: { command: 'echo hello', description: 'Print hello' } });
const request = () => ({
  model: 'gemini-2.5-pro',
  messages: [{ role: 'user', content: 'hello' }],
  config: { temperature: 1 },
});
const response = () => ({
  text: 'Hello!',
  candidates: [{ content: { role: 'model', parts: ['Hello!'] }, finishReason: 'STOP', index: 0 }],
});

/** Fields only some events carry (packages/core/src/hooks/types.ts), harmless to feed a real hook. */
const EVENT_FIELDS: Readonly<Record<string, () => Record<string, unknown>>> = {
  BeforeTool: shell,
  AfterTool: () => ({ ...shell(), tool_response: { llmContent: 'hello\n', returnDisplay: 'hello\n' } }),
  BeforeAgent: () => ({ prompt: 'hello' }),
  AfterAgent: () => ({ prompt: 'hello', prompt_response: 'Hello!', stop_hook_active: false }),
  BeforeModel: () => ({ llm_request: request() }),
  AfterModel: () => ({ llm_request: request(), llm_response: response() }),
  BeforeToolSelection: () => ({ llm_request: request() }),
  SessionStart: () => ({ source: 'startup' }),
  SessionEnd: () => ({ reason: 'exit' }),
  PreCompress: () => ({ trigger: 'manual' }),
  Notification: () => ({
    notification_type: 'ToolPermission',
    message: 'Tool run_shell_command requires confirmation',
    details: { type: 'exec', title: 'Confirm Shell Command', command: 'echo hello', rootCommand: 'echo' },
  }),
};

/** A schema-valid Gemini CLI input payload for `event` with a fresh session id. */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('gemini', event, EVENT_NAMES);
  const session = randomUUID();
  return {
    session_id: session,
    transcript_path: join(context.cwd, '.gemini', 'tmp', 'chats', `session-${session}.json`),
    cwd: context.cwd,
    hook_event_name: event,
    timestamp: new Date().toISOString(),
    ...EVENT_FIELDS[event]!(),
  };
}
