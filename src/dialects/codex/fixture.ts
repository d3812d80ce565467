import { requireKnownEvent } from '../../contracts/known-event.js';
import { CODEX_EVENTS } from './events.js';
import { nodeCrypto } from '../../util/lazy-crypto.js';

const EVENT_NAMES = CODEX_EVENTS.map((e) => e.name);
const bash = () => ({ tool_name: 'Bash', tool_input: { command: 'echo hello' } });

/**
 * A schema-valid codex input payload for `event` with a fresh session id, keys in the order Codex
 * writes them (SPEC-dialects 9.7; codex-rs/hooks/src/schema.rs): the common fields, then the
 * event's own. `permission_mode` is `default`, one of the two values Codex sends.
 */
export function fixture(event: string, context: { cwd: string }): Record<string, unknown> {
  requireKnownEvent('codex', event, EVENT_NAMES);
  const session = { session_id: nodeCrypto().randomUUID() };
  const turn = { turn_id: nodeCrypto().randomUUID() };
  const where = { transcript_path: null, cwd: context.cwd, hook_event_name: event };
  const model = { model: 'gpt-5-codex' };
  const mode = { permission_mode: 'default' };
  const agent = { agent_id: nodeCrypto().randomUUID(), agent_type: 'worker' };
  switch (event) {
    case 'SessionStart':
      return { ...session, ...where, ...model, ...mode, source: 'startup' };
    case 'SessionEnd':
      return { ...session, ...where, reason: 'other' };
    case 'PreModelRequest':
    case 'PostModelRequest': {
      // As Codex 0.171.0 writes them (test/agents/codex/cases-model.ts): the request first, cwd before transcript_path.
      const request = { kind: 'sampling', request_id: nodeCrypto().randomUUID(), attempt_number: 1 };
      const common = { ...request, ...session, thread_id: session.session_id, ...turn, cwd: context.cwd, transcript_path: null, ...model };
      if (event === 'PreModelRequest') return { ...common, hook_event_name: event };
      const usage = { input_tokens: 0, cached_input_tokens: 0, cache_write_input_tokens: 0, output_tokens: 0, reasoning_output_tokens: 0 };
      return {
        ...common,
        hook_event_name: event,
        status: 'completed',
        error: null,
        token_usage: { ...usage, total_tokens: 0 },
        response_id: `resp_${nodeCrypto().randomUUID()}`,
      };
    }
    case 'Interrupt':
      return { ...session, ...turn, ...where, ...model, ...mode };
    case 'UserPromptSubmit':
      return { ...session, ...turn, ...where, ...model, ...mode, prompt: 'hello' };
    case 'PreToolUse':
      return { ...session, ...turn, ...where, ...model, ...mode, ...bash(), tool_use_id: `call_${nodeCrypto().randomUUID()}` };
    case 'PermissionRequest':
      return { ...session, ...turn, ...where, ...model, ...mode, ...bash() };
    case 'PostToolUse':
      return {
        ...session,
        ...turn,
        ...where,
        ...model,
        ...mode,
        ...bash(),
        tool_response: { output: 'hello\n', exit_code: 0 },
        tool_use_id: `call_${nodeCrypto().randomUUID()}`,
      };
    case 'PreCompact':
    case 'PostCompact':
      return { ...session, ...turn, ...where, ...model, trigger: 'manual' };
    case 'SubagentStart':
      return { ...session, ...turn, ...where, ...model, ...mode, ...agent };
    case 'SubagentStop':
      return {
        ...session,
        ...turn,
        transcript_path: null,
        agent_transcript_path: null,
        cwd: context.cwd,
        hook_event_name: event,
        ...model,
        ...mode,
        stop_hook_active: false,
        ...agent,
        last_assistant_message: 'Done.',
      };
    default:
      return { ...session, ...turn, ...where, ...model, ...mode, stop_hook_active: false, last_assistant_message: 'Done.' };
  }
}
