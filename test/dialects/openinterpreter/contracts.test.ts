import { describe, expect, it } from 'vitest';
import { contracts } from '../../../src/dialects/openinterpreter/contracts.js';
import { OPENINTERPRETER_EVENTS } from '../../../src/dialects/openinterpreter/events.js';
import { UnknownEventError } from '../../../src/errors.js';

const EVENTS = OPENINTERPRETER_EVENTS.map((e) => e.name);
const TOOL = { tool_name: 'Bash', tool_input: { command: 'ls' } };

/** Per event: the fields beyond the common ones, and what a full valid output looks like. */
const CASES: Record<string, { input: Record<string, unknown>; output: Record<string, unknown> }> = {
  SessionStart: {
    input: { source: 'resume' },
    output: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx' } },
  },
  UserPromptSubmit: {
    input: { prompt: 'hi' },
    output: { decision: 'block', reason: 'no', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx' } },
  },
  PreToolUse: {
    input: { ...TOOL, tool_use_id: 't1' },
    output: {
      decision: 'approve',
      reason: 'legacy',
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'nope',
        updatedInput: { command: 'ls -a' },
        additionalContext: 'ctx',
      },
    },
  },
  PermissionRequest: {
    input: TOOL,
    output: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no' } } },
  },
  PostToolUse: {
    input: { ...TOOL, tool_use_id: 't1', tool_response: ['any', 'json'] },
    output: { decision: 'block', reason: 'fix it', hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ctx' } },
  },
  PreCompact: { input: { trigger: 'auto' }, output: {} },
  PostCompact: { input: { trigger: 'manual' }, output: {} },
  SubagentStart: {
    input: { agent_id: 'a', agent_type: 'explorer' },
    output: { hookSpecificOutput: { hookEventName: 'SubagentStart', additionalContext: 'ctx' } },
  },
  SubagentStop: {
    input: {
      agent_id: 'a',
      agent_type: 'explorer',
      stop_hook_active: true,
      agent_transcript_path: '/t.jsonl',
      last_assistant_message: null,
    },
    output: { decision: 'block', reason: 'keep going' },
  },
  Stop: { input: { stop_hook_active: false, last_assistant_message: 'done' }, output: { decision: 'block', reason: 'continue' } },
};

function input(event: string): Record<string, unknown> {
  const compaction = event === 'PreCompact' || event === 'PostCompact';
  return {
    session_id: 's',
    ...(event === 'SessionStart' ? {} : { turn_id: 't' }),
    cwd: '/p',
    transcript_path: null,
    hook_event_name: event,
    model: 'm',
    ...(compaction ? {} : { permission_mode: 'acceptEdits' }),
    ...CASES[event]!.input,
  };
}

/** Events whose output has no hookSpecificOutput (Codex: codex-rs/hooks/src/schema.rs Stop/SubagentStop/PreCompact/PostCompact wires). */
const NO_SPECIFIC_OUTPUT = new Set(['Stop', 'SubagentStop', 'PreCompact', 'PostCompact']);

const COMMON_OUTPUT = { continue: false, stopReason: 'halt', suppressOutput: true, systemMessage: 'careful' };

describe.each(EVENTS)('openinterpreter %s contract', (event) => {
  it('accepts a complete valid input, with unknown extra fields', () => {
    const payload = { ...input(event), added_by_a_newer_agent: 1 };
    expect(contracts.validateInput(event, payload)).toEqual({ ok: true, value: payload });
  });

  it.each(Object.keys(input(event)))('rejects an input without %s', (field) => {
    const { [field]: _removed, ...payload } = input(event);
    expect(contracts.validateInput(event, payload)).toEqual({
      ok: false,
      errors: [{ path: '', message: `missing required property "${field}"` }],
    });
  });

  it('rejects an input for another event', () => {
    const result = contracts.validateInput(event, { ...input(event), hook_event_name: 'Other' });
    expect(result).toEqual({ ok: false, errors: [{ path: '/hook_event_name', message: `must be "${event}"` }] });
  });

  it('accepts the full output and an empty object', () => {
    const output = { ...COMMON_OUTPUT, ...CASES[event]!.output };
    expect(contracts.validateOutput(event, output)).toEqual({ ok: true, value: output });
    expect(contracts.validateOutput(event, {}).ok).toBe(true);
  });

  it('rejects a misspelled output key, naming it', () => {
    expect(contracts.validateOutput(event, { contineu: false })).toEqual({
      ok: false,
      errors: [{ path: '/contineu', message: 'unknown property "contineu"' }],
    });
  });
});

describe.each(EVENTS.filter((event) => NO_SPECIFIC_OUTPUT.has(event)))('openinterpreter %s output', (event) => {
  it('has no hookSpecificOutput at all, as the agent', () => {
    expect(contracts.validateOutput(event, { hookSpecificOutput: { hookEventName: event } })).toEqual({
      ok: false,
      errors: [{ path: '/hookSpecificOutput', message: 'unknown property "hookSpecificOutput"' }],
    });
  });
});

describe.each(EVENTS.filter((event) => !NO_SPECIFIC_OUTPUT.has(event)))('openinterpreter %s hookSpecificOutput', (event) => {
  it('rejects an unknown key inside hookSpecificOutput', () => {
    const result = contracts.validateOutput(event, { hookSpecificOutput: { hookEventName: event, additionalContxt: 'x' } });
    expect(result).toEqual({
      ok: false,
      errors: [{ path: '/hookSpecificOutput/additionalContxt', message: 'unknown property "additionalContxt"' }],
    });
  });

  it('requires hookSpecificOutput.hookEventName to equal the event', () => {
    expect(contracts.validateOutput(event, { hookSpecificOutput: { hookEventName: 'Other' } })).toEqual({
      ok: false,
      errors: [{ path: '/hookSpecificOutput/hookEventName', message: `must be "${event}"` }],
    });
    expect(contracts.validateOutput(event, { hookSpecificOutput: {} })).toEqual({
      ok: false,
      errors: [{ path: '/hookSpecificOutput', message: 'missing required property "hookEventName"' }],
    });
  });
});

describe('openinterpreter enums and types', () => {
  it.each([
    ['SessionStart', 'source', 'boot', 'must be one of "startup", "resume", "clear", "compact"'],
    ['PreToolUse', 'permission_mode', 'yolo', 'must be one of "default", "acceptEdits", "plan", "dontAsk", "bypassPermissions"'],
    ['PreCompact', 'trigger', 'sometimes', 'must be one of "manual", "auto"'],
    ['Stop', 'last_assistant_message', 42, 'must be string or null'],
    ['Stop', 'stop_hook_active', 'no', 'must be boolean'],
  ])('%s input %s = %j fails', (event, field, value, message) => {
    expect(contracts.validateInput(event, { ...input(event), [field]: value })).toEqual({
      ok: false,
      errors: [{ path: `/${field}`, message }],
    });
  });

  it.each([
    [
      'PreToolUse',
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } },
      '/hookSpecificOutput/permissionDecision',
      'must be one of "allow", "deny", "ask"',
    ],
    ['PreToolUse', { decision: 'deny' }, '/decision', 'must be one of "approve", "block"'],
    ['Stop', { decision: 'approve' }, '/decision', 'must be "block"'],
    [
      'PermissionRequest',
      { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'ask' } } },
      '/hookSpecificOutput/decision/behavior',
      'must be one of "allow", "deny"',
    ],
    [
      'PermissionRequest',
      { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: {} } },
      '/hookSpecificOutput/decision',
      'missing required property "behavior"',
    ],
    ['SessionStart', { continue: 'no' }, '/continue', 'must be boolean'],
    ['PreCompact', { decision: 'block' }, '/decision', 'unknown property "decision"'],
  ])('%s output %j fails at %s', (event, output, path, message) => {
    expect(contracts.validateOutput(event, output)).toEqual({ ok: false, errors: [{ path, message }] });
  });

  it('reports every problem at once', () => {
    const result = contracts.validateOutput('PreToolUse', { continue: 1, extra: true, hookSpecificOutput: { hookEventName: 'Stop' } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.path).sort()).toEqual(['/continue', '/extra', '/hookSpecificOutput/hookEventName']);
  });

  it('rejects non-objects', () => {
    expect(contracts.validateOutput('Stop', 'text')).toEqual({ ok: false, errors: [{ path: '', message: 'must be object' }] });
    expect(contracts.validateInput('Stop', null)).toEqual({ ok: false, errors: [{ path: '', message: 'must be object' }] });
  });
});

describe('openinterpreter unknown events', () => {
  it.each([['validateInput'], ['validateOutput']] as const)('%s throws UnknownEventError with a suggestion', (method) => {
    expect(() => contracts[method]('PreTooluse', {})).toThrow(UnknownEventError);
    expect(() => contracts[method]('PreTooluse', {})).toThrow('unknown openinterpreter event "PreTooluse"; did you mean "PreToolUse"?');
  });
});
