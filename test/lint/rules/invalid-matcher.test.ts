import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

const message = (matcher: string, error: string) =>
  `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${error}); the hooks of this group never run`;

describe('invalid-matcher', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "(Bash", "hooks": [{ "type": "command", "command": "x" }] }]\n  }\n}\n', 3, 33, message('(Bash', 'Unterminated group')],
    ['YAML', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - matcher: "[a-"\n      command: x\n', 3, 16, message('[a-', 'Unterminated character class')],
    ['YAML, an RE2 flag group past the start', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - matcher: "shell|(?i)terminal"\n      command: x\n', 3, 16, message('shell|(?i)terminal', 'Invalid group')],
    ['TOML', OI_TOML, "[[hooks.PostToolUse]]\nmatcher = '*mcp'\n[[hooks.PostToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\n", 2, 11, message('*mcp', 'Nothing to repeat')],
  ])('reports a regex that does not compile in %s, with the regex error', async (_format, path, content, line, column, text) => {
    expect(await findingsOf('invalid-matcher', [{ path, content }])).toEqual([[line, column, text]]);
  });

  it('does not compile matchers of events that ignore them (matcher-ignored covers those)', async () => {
    expect(await findingsOf('invalid-matcher', [{ path: OCTO_YAML, content: 'hooks:\n  Stop:\n    - matcher: "("\n      command: x\n' }])).toEqual([]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "PreToolUse": [{ "matcher": "^Bash$", "hooks": [{ "type": "command", "command": "x" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - matcher: "terminal|shell"\n      command: x\n'],
    ['YAML with a Go RE2 flag group', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - matcher: "(?i)TERMINAL"\n      command: x\n'],
    ['TOML', OI_TOML, "[[hooks.PostToolUse]]\nmatcher = 'mcp__.*'\n[[hooks.PostToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\n"],
  ])('accepts valid matchers in %s', async (_format, path, content) => {
    expect(await findingsOf('invalid-matcher', [{ path, content }])).toEqual([]);
  });
});
