// Proves `createEngine` is typed from the generated contracts when the dialect is named: events and
// payloads are checked at compile time (and validated again at run time).
import { createEngine, loadDialect, type Outcome } from 'hookctl';
import type { PreToolUseInput } from 'hookctl/openinterpreter';

const payload: PreToolUseInput = {
  session_id: 's',
  turn_id: 't',
  cwd: '/p',
  transcript_path: null,
  hook_event_name: 'PreToolUse',
  model: 'm',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'u',
};

const engine = await createEngine({ dialect: 'openinterpreter' });
const outcome: Outcome = await engine.dispatch('PreToolUse', payload);

// @ts-expect-error PreToolUze is not an openinterpreter event
await engine.dispatch('PreToolUze', payload);

// @ts-expect-error a Stop payload lacks stop_hook_active and last_assistant_message
await engine.dispatch('Stop', { ...payload, hook_event_name: 'Stop' });

const octo = await createEngine({ dialect: 'octo' });
// @ts-expect-error octo payloads carry `event`, not `hook_event_name`
await octo.dispatch('PreToolUse', payload);

// With a dialect chosen at run time, events are strings and payloads are validated at run time only.
const dynamic = await createEngine({ dialect: await loadDialect('octo') });
const untyped: Outcome = await dynamic.dispatch('PreToolUse', JSON.parse('{}'));

export { outcome, untyped };
