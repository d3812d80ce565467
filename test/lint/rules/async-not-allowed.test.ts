import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON } from './lint-fixture.js';

// Only octo restricts async (SPEC 3.2); every openinterpreter event may run async handlers.
describe('async-not-allowed', () => {
  it('reports async: true on octo events that must run synchronously', async () => {
    const content = 'hooks:\n  PreToolUse:\n    - command: gate\n      async: true\n  PostToolUse:\n    - command: log\n      async: true\n';
    expect(await findingsOf('async-not-allowed', [{ path: OCTO_YAML, content }])).toEqual([
      [4, 14, 'async: true is not allowed on PreToolUse (it is the gate and must answer before the tool runs); only Stop, SubagentStop, PreCompact may run asynchronously'],
      [7, 14, 'async: true is not allowed on PostToolUse (its output must be ready before the agent goes on); only Stop, SubagentStop, PreCompact may run asynchronously'],
    ]);
  });

  it('accepts async on Stop, SubagentStop and PreCompact, and async: false anywhere', async () => {
    const content = 'hooks:\n  Stop:\n    - command: a\n      async: true\n  PreCompact:\n    - command: b\n      async: true\n  PreToolUse:\n    - command: c\n      async: false\n';
    expect(await findingsOf('async-not-allowed', [{ path: OCTO_YAML, content }])).toEqual([]);
  });

  it('accepts async on any openinterpreter event', async () => {
    const content = '{ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command", "command": "x", "async": true }] }] } }';
    expect(await findingsOf('async-not-allowed', [{ path: OI_JSON, content }])).toEqual([]);
  });
});
