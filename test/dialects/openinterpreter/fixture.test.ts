import { describe, expect, it } from 'vitest';
import { contracts } from '../../../src/dialects/openinterpreter/contracts.js';
import { OPENINTERPRETER_EVENTS } from '../../../src/dialects/openinterpreter/events.js';
import { fixture } from '../../../src/dialects/openinterpreter/fixture.js';
import { UnknownEventError } from '../../../src/errors.js';

const EVENTS = OPENINTERPRETER_EVENTS.map((e) => e.name);

describe('openinterpreter fixture', () => {
  it.each(EVENTS)('%s is valid against its input schema and uses the given cwd', (event) => {
    const payload = fixture(event, { cwd: '/work/project' });
    expect(contracts.validateInput(event, payload)).toEqual({ ok: true, value: payload });
    expect(payload).toMatchObject({ cwd: '/work/project', hook_event_name: event });
  });

  it('has a fresh session id each time', () => {
    expect(fixture('Stop', { cwd: '/' }).session_id).not.toBe(fixture('Stop', { cwd: '/' }).session_id);
  });

  it.each(['PreToolUse', 'PermissionRequest', 'PostToolUse'])('%s runs a harmless Bash command', (event) => {
    expect(fixture(event, { cwd: '/' })).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'echo hello' } });
  });

  it('throws UnknownEventError with a suggestion for an unknown event', () => {
    expect(() => fixture('Sotp', { cwd: '/' })).toThrow(UnknownEventError);
    expect(() => fixture('Sotp', { cwd: '/' })).toThrow('did you mean "Stop"?');
  });
});
