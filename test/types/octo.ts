// Proves the published `hookctl/octo` types say what they should (see openinterpreter.ts).
import {
  OUTPUT_EVENT_NAMES,
  validateInput,
  validateOutput,
  type HooksConfig,
  type OutputEventName,
  type OutputOf,
  type PreToolUseInput,
  type PreToolUseOutput,
  type StopInput,
} from 'hookctl/octo';

const input: PreToolUseInput = {
  event: 'PreToolUse',
  session_id: 's',
  cwd: '/p',
  transcript_path: '/t.jsonl',
  model: 'm',
  transport: 'cli',
  tool_name: 'terminal',
  tool_input: { command: 'ls' },
};

// @ts-expect-error transport is cli | web | im
const wrongTransport: PreToolUseInput = { ...input, transport: 'tty' };

const stop: StopInput = {
  event: 'Stop',
  session_id: 's',
  cwd: '/p',
  transcript_path: null,
  model: 'm',
  transport: 'im',
  status: 'error',
  error: 'boom',
};

const verdict: PreToolUseOutput = { decision: 'block', reason: 'no' };
// @ts-expect-error decision is approve | block
const wrongVerdict: PreToolUseOutput = { decision: 'deny' };
// @ts-expect-error decision is required
const noVerdict: PreToolUseOutput = { reason: 'why' };

// Events whose stdout is discarded have no output type.
const none: OutputOf<'Stop'> = undefined as never;
const outputs: readonly OutputEventName[] = OUTPUT_EVENT_NAMES;
// @ts-expect-error Stop has no output contract
validateOutput('Stop', {});
validateOutput('PostToolUse', { additional_context: 'x' });
validateInput('PreCompact', {});

const config: HooksConfig = { hooks: { Stop: [{ command: './notify.sh', async: true, timeout: '1m30s' }] } };
// @ts-expect-error async is not allowed on PreToolUse
const asyncGate: HooksConfig = { hooks: { PreToolUse: [{ command: './guard.sh', async: true }] } };

export { asyncGate, config, none, noVerdict, outputs, stop, verdict, wrongTransport, wrongVerdict };
