// Proves the published `hookctl/openinterpreter` types say what they should: valid payloads
// compile, bad ones are type errors (each `@ts-expect-error` fails the build if the error vanishes).
import {
  EVENT_NAMES,
  validateInput,
  validateOutput,
  type EventName,
  type HooksConfig,
  type InputOf,
  type OutputOf,
  type PreToolUseInput,
  type PreToolUseOutput,
  type ValidationResult,
} from 'hookctl/openinterpreter';

const input: PreToolUseInput = {
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

// @ts-expect-error hook_event_name is pinned to the event
const wrongEvent: PreToolUseInput = { ...input, hook_event_name: 'Stop' };

// @ts-expect-error permission_mode is a closed enum
const wrongMode: PreToolUseInput = { ...input, permission_mode: 'yolo' };

const { tool_name: _dropped, ...withoutTool } = input;
// @ts-expect-error tool_name is required
const missingTool: PreToolUseInput = withoutTool;

const output: PreToolUseOutput = {
  continue: true,
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' },
};

// @ts-expect-error permissionDecision is allow | deny | ask
const wrongDecision: PreToolUseOutput = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } };

// @ts-expect-error hookEventName must equal the event
const wrongHookEventName: PreToolUseOutput = { hookSpecificOutput: { hookEventName: 'Stop' } };

// @ts-expect-error outputs are closed: a misspelled key is an error
const misspelled: PreToolUseOutput = { contineu: false };

// The event-keyed maps let the engine and users write generic dispatchers.
function dispatch<E extends EventName>(event: E, payload: InputOf<E>): OutputOf<E> | null {
  void event;
  void payload;
  return null;
}
dispatch('PreToolUse', input);
// @ts-expect-error the payload must match the event
dispatch('Stop', input);
// @ts-expect-error only known events
dispatch('PreToolUze', input);

const names: readonly EventName[] = EVENT_NAMES;

// validateInput narrows to the event's type.
const checked: ValidationResult<PreToolUseInput> = validateInput('PreToolUse', JSON.parse('{}'));
if (checked.ok) {
  const tool: string = checked.value.tool_name;
  void tool;
} else {
  const paths: string[] = checked.errors.map((e) => e.path);
  void paths;
}
validateOutput('Stop', {});

const config: HooksConfig = {
  description: 'policy gate',
  hooks: {
    PreToolUse: [
      { matcher: '^Bash$', hooks: [{ type: 'command', command: './guard.sh', timeout: 5, additionalContextLimit: 0, onFailure: 'abort' }] },
    ],
  },
};
// @ts-expect-error the agent ignores a hooks.json with "$schema" (SPEC 2.2): editors associate the schema by file name
const withSchemaKey: HooksConfig = { $schema: 'https://unpkg.com/hookctl/schema/openinterpreter/config.json', hooks: {} };
// @ts-expect-error onFailure is continue | abort
const badConfig: HooksConfig = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', onFailure: 'retry' }] }] } };

export {
  badConfig,
  config,
  withSchemaKey,
  misspelled,
  missingTool,
  names,
  output,
  wrongDecision,
  wrongEvent,
  wrongHookEventName,
  wrongMode,
};
