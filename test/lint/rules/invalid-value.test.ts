import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

describe('invalid-value', () => {
  it('reports wrong types and shapes in JSON', async () => {
    const content = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash" },
      { "hooks": [{ "type": "command", "command": "x", "timeout": "30" }] },
      { "hooks": [{ "type": "comand", "command": "x", "timeout": -5, "async": "yes" }] }
    ],
    "Stop": { "hooks": [] }
  },
  "version": 2
}
`;
    expect(await findingsOf('invalid-value', [{ path: OI_JSON, content }])).toEqual([
      [4, 7, 'this matcher group has no "hooks" array of handlers'],
      [5, 67, 'the agent ignores this whole file: "timeout" must be a number of seconds, not a string: write 30 without quotes'],
      [6, 29, 'the agent ignores this whole file: "type" must be one of "command", "prompt", "agent", "mcp_tool", found the string "comand"; did you mean "command"?'],
      [6, 66, 'the agent ignores this whole file: "timeout" must be a whole number of seconds, found the number -5'],
      [6, 79, 'the agent ignores this whole file: "async" must be true or false, found the string "yes"'],
      [8, 13, 'the agent ignores this whole file: "Stop" must be an array of matcher groups, found an object'],
      [10, 3, 'the agent ignores this whole file: unknown top-level key "version" (allowed: hooks, description)'],
    ]);
  });

  it('reports wrong types and shapes in YAML', async () => {
    const content = 'hooks:\n  Stop:\n    command: x\n  PreToolUse:\n    - command: [a, b]\n      async: yes\n    - just a string\n';
    expect(await findingsOf('invalid-value', [{ path: OCTO_YAML, content }])).toEqual([
      [3, 5, '"Stop" must be a list of hooks, found a mapping'],
      [5, 16, '"command" must be a string, found a list'],
      [6, 14, '"async" must be true or false, found the string "yes"'],
      [7, 7, 'each PreToolUse entry must be a mapping, found the string "just a string"'],
    ]);
  });

  it('reports wrong types and shapes in TOML, with the array-of-tables hint', async () => {
    const content = '[hooks.Stop]\ncommand = "x"\n\n[[hooks.PreToolUse]]\nmatcher = 5\nhooks = "x"\n';
    expect(await findingsOf('invalid-value', [{ path: OI_TOML, content }])).toEqual([
      [1, 1, 'the agent ignores every hook in this file: "Stop" must be an array of matcher groups, found a table; write [[hooks.Stop]]'],
      [5, 11, 'the agent ignores every hook in this file: "matcher" must be a string, found the number 5'],
      [6, 9, 'the agent ignores every hook in this file: "hooks" of a matcher group must be an array of handlers, found the string "x"'],
    ]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "command": "x" }] }] } }', 1, 35, 'the agent ignores this whole file: this handler has no "type"; add "type": "command"'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "x"\n', 2, 1, 'the agent ignores every hook in this file: this handler has no "type"; add type = "command"'],
  ])('reports an openinterpreter handler without a type in %s', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('invalid-value', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it('reports a hooks value that is not a table of events', async () => {
    expect(await findingsOf('invalid-value', [{ path: OI_TOML, content: 'hooks = ["x"]\n' }])).toEqual([
      [1, 9, 'the agent ignores every hook in this file: "hooks" must be a table of event names, found an array'],
    ]);
  });

  it.each([
    ['a JSON null file', 'null\n', 1, 1, 'the agent ignores this whole file: the file must hold an object at the top level, found null'],
    ['JSON "hooks": null', '{\n  "hooks": null\n}\n', 2, 12, 'the agent ignores this whole file: "hooks" must be an object of event names, found null'],
    ['a JSON array file', '[]', 1, 1, 'the agent ignores this whole file: the file must hold an object at the top level, found an array'],
  ])('reports %s, which the agent rejects', async (_name, content, line, column, message) => {
    expect(await findingsOf('invalid-value', [{ path: OI_JSON, content }])).toEqual([[line, column, message]]);
  });

  it.each([
    ['an empty file', ''],
    ['a comment-only file', '# hooks come later\n'],
    ['hooks: with nothing under it', 'hooks:\n'],
  ])('accepts YAML that configures nothing: %s', async (_name, content) => {
    expect(await findingsOf('invalid-value', [{ path: OCTO_YAML, content }])).toEqual([]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 30, "async": true, "onFailure": "continue" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: x\n      async: true\n      matcher: ~\n'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\nmatcher = "*"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 30\n'],
  ])('accepts well-typed values in %s', async (_format, path, content) => {
    expect(await findingsOf('invalid-value', [{ path, content }])).toEqual([]);
  });
});
