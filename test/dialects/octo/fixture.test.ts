import { describe, expect, it } from 'vitest';
import { contracts } from '../../../src/dialects/octo/contracts.js';
import { OCTO_EVENTS } from '../../../src/dialects/octo/events.js';
import { fixture } from '../../../src/dialects/octo/fixture.js';
import { UnknownEventError } from '../../../src/errors.js';

const EVENTS = OCTO_EVENTS.map((e) => e.name);

describe('octo fixture', () => {
  it.each(EVENTS)('%s is valid against its input schema and uses the given cwd', (event) => {
    const payload = fixture(event, { cwd: '/work/project' });
    expect(contracts.validateInput(event, payload)).toEqual({ ok: true, value: payload });
    expect(payload).toMatchObject({ cwd: '/work/project', event, transport: 'cli' });
  });

  it('has a fresh session id each time', () => {
    expect(fixture('Stop', { cwd: '/' }).session_id).not.toBe(fixture('Stop', { cwd: '/' }).session_id);
  });

  it.each(['PreToolUse', 'PostToolUse'])('%s runs a harmless terminal command', (event) => {
    expect(fixture(event, { cwd: '/' })).toMatchObject({ tool_name: 'terminal', tool_input: { command: 'echo hello' } });
  });

  it('throws UnknownEventError for an openinterpreter-only event', () => {
    expect(() => fixture('PermissionRequest', { cwd: '/' })).toThrow(UnknownEventError);
  });
});
