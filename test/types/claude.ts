// Proves the published `hookctl/claude` types and `createEngine({ dialect: 'claude' })` say what they should.
import { createEngine, type Outcome } from 'hookctl';
import {
  EVENT_NAMES,
  OUTPUT_EVENT_NAMES,
  validateInput,
  validateOutput,
  type FileChangedInput,
  type InterruptInput,
  type PreSkillShellCommandInput,
  type PreSkillShellCommandOutput,
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

// permission_mode is an open enum ('default' | … | (string & {})): a mode a newer Claude Code sends
// type-checks, and the listed modes stay in completion.
const newerMode: PreToolUseInput = { ...payload, permission_mode: 'yolo' };
const knownMode: NonNullable<PreToolUseInput['permission_mode']> = 'acceptEdits';
// @ts-expect-error it is still a string
const numericMode: PreToolUseInput = { ...payload, permission_mode: 3 };
const skillShell: PreSkillShellCommandInput = {
  session_id: 's',
  transcript_path: '/t.jsonl',
  cwd: '/p',
  hook_event_name: 'PreSkillShellCommand',
  tool_name: 'Bash',
  tool_input: { command: 'git status' },
  tool_use_id: 'u',
  command_name: 'review',
  invoked_by: 'user',
};
const refuse: PreSkillShellCommandOutput = {
  hookSpecificOutput: { hookEventName: 'PreSkillShellCommand', permissionDecision: 'deny', permissionDecisionReason: 'no' },
};
const interrupted: InterruptInput = {
  session_id: 's',
  transcript_path: '/t',
  cwd: '/p',
  hook_event_name: 'Interrupt',
  source: 'user',
  reason: 'stop',
};
const approve: StopOutput = { decision: 'approve', systemMessage: 'hi' };

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

export { newerMode, knownMode, numericMode, skillShell, refuse, interrupted, approve, defer, wrongEvent, outcome, events };
