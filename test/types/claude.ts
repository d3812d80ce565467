// Proves the published `hookctl/claude` types and `createEngine({ dialect: 'claude' })` say what they should.
import { createEngine, type Outcome } from 'hookctl';
import {
  EVENT_NAMES,
  OUTPUT_EVENT_NAMES,
  validateInput,
  validateOutput,
  type FileChangedInput,
  type PreToolUseInput,
  type PreToolUseOutput,
  type StopOutput,
} from 'hookctl/claude';

const payload: PreToolUseInput = {
  session_id: 's',
  transcript_path: '/t.jsonl',
  cwd: '/p',
  hook_event_name: 'PreToolUse',
  permission_mode: 'auto',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'toolu_1',
};

// @ts-expect-error permission_mode has no "yolo"
const wrongMode: PreToolUseInput = { ...payload, permission_mode: 'yolo' };

const defer: PreToolUseOutput = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'defer' } };
// @ts-expect-error hookEventName must repeat the event
const wrongEvent: PreToolUseOutput = { hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } };
const block: StopOutput = { decision: 'block', reason: 'run the tests' };

const engine = await createEngine({
  dialect: 'claude',
  settingsFlag: '{"hooks":{}}',
  pluginDirs: [],
  workspaceTrust: 'assume',
  envFile: '/tmp/env',
});
const outcome: Outcome = await engine.dispatch('PreToolUse', payload);
const changed: FileChangedInput = {
  session_id: 's',
  transcript_path: '/t',
  cwd: '/p',
  hook_event_name: 'FileChanged',
  file_path: '/p/.envrc',
  event: 'change',
};
await engine.dispatch('FileChanged', changed);
// @ts-expect-error PreToolUze is not a claude event
await engine.dispatch('PreToolUze', payload);
// @ts-expect-error a Stop payload needs stop_hook_active
await engine.dispatch('Stop', { ...payload, hook_event_name: 'Stop' });

const checked = validateInput('PreToolUse', payload);
if (checked.ok) {
  const name: string = checked.value.tool_name;
  void name;
}
validateOutput('Stop', block);
const events: number = EVENT_NAMES.length + OUTPUT_EVENT_NAMES.length;

export { wrongMode, defer, wrongEvent, outcome, events };
