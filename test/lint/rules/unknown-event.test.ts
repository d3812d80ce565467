import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

const JSON_WRONG = `{
  "hooks": {
    "PreToolUze": [{ "hooks": [{ "type": "command", "command": "x" }] }]
  }
}
`;

describe('unknown-event', () => {
  it.each([
    ['JSON', OI_JSON, JSON_WRONG, 3, 5, 'unknown openinterpreter event "PreToolUze"; did you mean "PreToolUse"?'],
    ['YAML', OCTO_YAML, 'hooks:\n  stop:\n    - command: x\n', 2, 3, 'unknown octo event "stop"; did you mean "Stop"?'],
    ['TOML', OI_TOML, '[[hooks.SessionStrat]]\n[[hooks.SessionStrat.hooks]]\ntype = "command"\ncommand = "x"\n', 1, 9, 'unknown openinterpreter event "SessionStrat"; did you mean "SessionStart"?'],
  ])('reports an unknown event in %s with the nearest name', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('unknown-event', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it('lists the events when nothing is close', async () => {
    expect(await findingsOf('unknown-event', [{ path: OCTO_YAML, content: 'hooks:\n  OnSave:\n    - command: x\n' }])).toEqual([
      [2, 3, 'unknown octo event "OnSave"; the events are SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, SubagentStop, PreCompact'],
    ]);
  });

  it.each([
    ['JSON', OI_JSON, JSON_WRONG.replace('PreToolUze', 'PreToolUse')],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: x\n'],
    ['TOML', OI_TOML, '[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = "command"\ncommand = "x"\n'],
  ])('accepts known events in %s', async (_format, path, content) => {
    expect(await findingsOf('unknown-event', [{ path, content }])).toEqual([]);
  });
});
