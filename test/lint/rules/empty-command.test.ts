import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

describe('empty-command', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command" }, { "type": "command", "command": "  " }] }]\n  }\n}\n', [[3, 26, 'this Stop hook has no "command"'], [3, 81, '"command" is blank; give the command to run']]],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - async: true\n    - command: ""\n', [[3, 7, 'this Stop hook has no "command"'], [4, 16, '"command" is blank; give the command to run']]],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = ""\n', [[2, 1, 'this Stop hook has no "command"'], [6, 11, '"command" is blank; give the command to run']]],
  ])('reports a missing or blank command in %s', async (_format, path, content, expected) => {
    expect(await findingsOf('empty-command', [{ path, content }])).toEqual(expected);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }, { "type": "agent" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: x\n'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n'],
  ])('accepts a command (and handler types that take none) in %s', async (_format, path, content) => {
    expect(await findingsOf('empty-command', [{ path, content }])).toEqual([]);
  });
});
