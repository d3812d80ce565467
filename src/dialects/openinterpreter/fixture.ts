import { requireKnownEvent } from '../../contracts/known-event.js';
import { OPENINTERPRETER_EVENTS } from './events.js';
import { nodeCrypto } from '../../util/lazy-crypto.js';

const EVENT_NAMES = OPENINTERPRETER_EVENTS.map((e) => e.name);
const harmlessTool = () => ({ tool_name: 'Bash', tool_input: { command: 'echo hello' } });

/** Fields only some events carry; everything here is harmless to feed a real hook. */
const EVENT_FIELDS: Readonly<Record<string, () => Record<string, unknown>>> = {
  SessionStart: () => ({ source: 'startup' }),
  UserPromptSubmit: () => ({ prompt: 'hello' }),
  PreToolUse: () => ({ ...harmlessTool(), tool_use_id: `call_${nodeCrypto().randomUUID()}` }),
  PermissionRequest: harmlessTool,
  PostToolUse: () => ({
    ...harmlessTool(),
    tool_use_id: `call_${nodeCrypto().randomUUID()}`,
    tool_response: { output: 'hello\n', exit_code: 0 },
  }),
  PreCompact: () => ({ trigger: 'manual' }),
  PostCompact: () => ({ trigger: 'manual' }),
  SubagentStart: () => ({ agent_id: nodeCrypto().randomUUID(), agent_type: 'general' }),
  SubagentStop: () => ({
    agent_id: nodeCrypto().randomUUID(),
    agent_type: 'general',
    stop_hook_active: false,
    agent_transcript_path: null,
    last_assistant_message: 'Done.',
  }),
  Stop: () => ({ stop_hook_active: false, last_assistant_message: 'Done.' }),
};

/** A schema-valid openinterpreter input payload for `event` with a fresh session id (SPEC 2.4). */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('openinterpreter', event, EVENT_NAMES);
  const compaction = event === 'PreCompact' || event === 'PostCompact';
  return {
    session_id: nodeCrypto().randomUUID(),
    ...(event === 'SessionStart' ? {} : { turn_id: nodeCrypto().randomUUID() }),
    cwd: context.cwd,
    transcript_path: null,
    hook_event_name: event,
    model: 'gpt-5-codex',
    ...(compaction ? {} : { permission_mode: 'default' }),
    ...EVENT_FIELDS[event]!(),
  };
}
