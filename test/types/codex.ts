// Proves the published `hookctl/codex` types say what they should (see openinterpreter.ts), and that
// `createEngine({ dialect: 'codex' })` is typed per event.
import { createEngine, type Outcome } from 'hookctl';
import {
  EVENT_NAMES,
  OUTPUT_EVENT_NAMES,
  validateInput,
  validateOutput,
  type HooksConfig,
  type OutputEventName,
  type PreToolUseInput,
  type PreToolUseOutput,
  type SessionEndInput,
  type ValidationResult,
} from 'hookctl/codex';

const input: PreToolUseInput = {
  session_id: 's',
  turn_id: 't',
  transcript_path: null,
  cwd: '/p',
  hook_event_name: 'PreToolUse',
  model: 'm',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'u',
};

const end: SessionEndInput = { session_id: 's', transcript_path: null, cwd: '/p', hook_event_name: 'SessionEnd', reason: 'other' };

// @ts-expect-error SessionEnd's reason is always "other"
const otherReason: SessionEndInput = { ...end, reason: 'logout' };

const output: PreToolUseOutput = {
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls -la' } },
};

// @ts-expect-error SessionEnd has no output contract: Codex ignores its stdout
const noOutput: OutputEventName = 'SessionEnd';

// @ts-expect-error codex has no hookctl `id` on handlers
const withId: HooksConfig = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', id: 'guard' }] }] } };

const config: HooksConfig = {
  hooks: {
    PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: './guard.sh', timeout: 5, additionalContextLimit: 0 }] }],
    SessionEnd: [{ hooks: [{ type: 'command', command: './flush.sh', timeout: 3 }] }],
  },
};

const checked: ValidationResult<PreToolUseInput> = validateInput('PreToolUse', JSON.parse('{}'));
validateOutput('Stop', {});
const names: readonly string[] = [...EVENT_NAMES, ...OUTPUT_EVENT_NAMES];

const engine = await createEngine({ dialect: 'codex' });
const outcome: Outcome = await engine.dispatch('PreToolUse', input);
await engine.dispatch('SessionEnd', end);
// @ts-expect-error a SessionEnd payload has no turn_id or tool fields
await engine.dispatch('SessionEnd', input);
// @ts-expect-error Notification is not a codex event
await engine.dispatch('Notification', input);

export { checked, config, names, noOutput, otherReason, outcome, output, withId };
