import { describe, expect, it } from 'vitest';
import { findingsOf, OI_JSON, OI_TOML } from './lint-fixture.js';

// Handler types are openinterpreter's; octo handlers have no type.
describe('unsupported-handler-type', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "done?" }] }]\n  }\n}\n', 3, 36, 'prompt'],
    ['TOML', OI_TOML, '[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "mcp_tool"\n', 3, 8, 'mcp_tool'],
  ])('warns that %s prompt/agent/mcp_tool handlers are skipped', async (_format, path, content, line, column, type) => {
    expect(await findingsOf('unsupported-handler-type', [{ path, content }])).toEqual([
      [line, column, `handler type "${type}" is not supported, so this hook is skipped; only "command" handlers run`],
    ]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n'],
  ])('accepts command handlers (type optional) in %s', async (_format, path, content) => {
    expect(await findingsOf('unsupported-handler-type', [{ path, content }])).toEqual([]);
  });
});
