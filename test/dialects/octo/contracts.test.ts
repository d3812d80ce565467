import { describe, expect, it } from 'vitest';
import { contracts } from '../../../src/dialects/octo/contracts.js';
import { OCTO_EVENTS } from '../../../src/dialects/octo/events.js';
import { UnknownEventError } from '../../../src/errors.js';

const EVENTS = OCTO_EVENTS.map((e) => e.name);
const TOOL = { tool_name: 'terminal', tool_input: { command: 'ls' } };

const EXTRA_INPUT: Record<string, Record<string, unknown>> = {
  SessionStart: {},
  UserPromptSubmit: { prompt: 'hi' },
  PreToolUse: TOOL,
  PostToolUse: { ...TOOL, tool_output: 'a\nb' },
  Stop: { status: 'error', error: 'rate limited' },
  SubagentStop: { agent_id: 'a', agent_type: 'explorer', status: 'success' },
  PreCompact: { trigger: 'auto' },
};

/** Events whose stdout has a JSON structure, with a full valid output each. */
const OUTPUTS: Record<string, Record<string, unknown>> = {
  SessionStart: { additional_context: 'ctx' },
  UserPromptSubmit: { additional_context: 'ctx' },
  PreToolUse: { decision: 'block', reason: 'refusing destructive rm -rf' },
  PostToolUse: { additional_context: 'ctx' },
};

function input(event: string): Record<string, unknown> {
  return { event, session_id: 's', cwd: '/p', transcript_path: '/t.jsonl', model: 'm', transport: 'web', ...EXTRA_INPUT[event] };
}

describe.each(EVENTS)('octo %s input contract', (event) => {
  it('accepts a complete valid input, with unknown extra fields', () => {
    const payload = { ...input(event), transcript_path: null, newer_field: true };
    expect(contracts.validateInput(event, payload)).toEqual({ ok: true, value: payload });
  });

  it.each(Object.keys(input(event)))('rejects an input without %s', (field) => {
    const { [field]: _removed, ...payload } = input(event);
    expect(contracts.validateInput(event, payload)).toEqual({
      ok: false,
      errors: [{ path: '', message: `missing required property "${field}"` }],
    });
  });

  it('rejects an input for another event and an unknown transport', () => {
    expect(contracts.validateInput(event, { ...input(event), event: 'Other', transport: 'tty' })).toEqual({
      ok: false,
      errors: [
        { path: '/event', message: `must be "${event}"` },
        { path: '/transport', message: 'must be one of "cli", "web", "im"' },
      ],
    });
  });
});

describe.each(Object.keys(OUTPUTS))('octo %s output contract', (event) => {
  it('accepts the structured output', () => {
    expect(contracts.validateOutput(event, OUTPUTS[event])).toEqual({ ok: true, value: OUTPUTS[event] });
  });

  it('rejects a misspelled key, naming it', () => {
    const result = contracts.validateOutput(event, { ...OUTPUTS[event], additonal_context: 'x' });
    expect(result).toEqual({ ok: false, errors: [{ path: '/additonal_context', message: 'unknown property "additonal_context"' }] });
  });
});

describe('octo enums and outputs', () => {
  it.each([
    ['Stop', 'status', 'failed', 'must be one of "success", "error"'],
    ['Stop', 'error', 3, 'must be string or null'],
    ['SubagentStop', 'status', 'ok', 'must be one of "success", "error"'],
    ['PreCompact', 'trigger', 'scheduled', 'must be one of "manual", "auto"'],
  ])('%s input %s = %j fails', (event, field, value, message) => {
    expect(contracts.validateInput(event, { ...input(event), [field]: value })).toEqual({
      ok: false,
      errors: [{ path: `/${field}`, message }],
    });
  });

  it.each([
    [{ decision: 'deny' }, '/decision', 'must be one of "approve", "block"'],
    [{ reason: 'why' }, '', 'missing required property "decision"'],
    [{ decision: 'approve', reason: 5 }, '/reason', 'must be string'],
  ])('PreToolUse output %j fails at %j', (output, path, message) => {
    expect(contracts.validateOutput('PreToolUse', output)).toEqual({ ok: false, errors: [{ path, message }] });
  });

  it('requires additional_context to be a string on context events', () => {
    expect(contracts.validateOutput('SessionStart', { additional_context: 1 })).toEqual({
      ok: false,
      errors: [{ path: '/additional_context', message: 'must be string' }],
    });
  });

  it.each(['Stop', 'SubagentStop', 'PreCompact'])('has no output contract for %s', (event) => {
    expect(contracts.validateOutput(event, {})).toEqual({
      ok: false,
      errors: [{ path: '', message: `octo ${event} hooks have no JSON output contract (stdout is not interpreted as JSON)` }],
    });
  });

  it('throws UnknownEventError with a suggestion for an unknown event', () => {
    expect(() => contracts.validateInput('SubagentStart', {})).toThrow(UnknownEventError);
    expect(() => contracts.validateOutput('stop', {})).toThrow('unknown octo event "stop"; did you mean "Stop"?');
  });
});
