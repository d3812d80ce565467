import { requireKnownEvent } from '../../contracts/known-event.js';
import { OCTO_EVENTS } from './events.js';
import { nodeCrypto } from '../../util/lazy-crypto.js';

const EVENT_NAMES = OCTO_EVENTS.map((e) => e.name);
const harmlessTool = () => ({ tool_name: 'terminal', tool_input: { command: 'echo hello' } });

/** Fields only some events carry; everything here is harmless to feed a real hook. */
const EVENT_FIELDS: Readonly<Record<string, () => Record<string, unknown>>> = {
  SessionStart: () => ({}),
  UserPromptSubmit: () => ({ prompt: 'hello' }),
  PreToolUse: harmlessTool,
  PostToolUse: () => ({ ...harmlessTool(), tool_output: 'hello\n' }),
  Stop: () => ({ status: 'success', error: null }),
  SubagentStop: () => ({ agent_id: nodeCrypto().randomUUID(), agent_type: 'general', status: 'success' }),
  PreCompact: () => ({ trigger: 'manual' }),
};

/** A schema-valid octo input payload for `event` with a fresh session id (SPEC 3.3). */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('octo', event, EVENT_NAMES);
  return {
    event,
    session_id: nodeCrypto().randomUUID(),
    cwd: context.cwd,
    transcript_path: null,
    model: 'claude-sonnet-4-5',
    transport: 'cli',
    ...EVENT_FIELDS[event]!(),
  };
}
