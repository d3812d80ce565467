import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

const message = (matcher: string, error: string, effect = 'the hooks of this group never run') =>
  `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${error}); ${effect}`;
const OCTO_REFUSES = 'octo refuses to start with this configuration';

describe('invalid-matcher', () => {
  it.each([
    // openinterpreter: Rust regex's words; octo: Go regexp's (re2js is a port of it).
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "(Bash", "hooks": [{ "type": "command", "command": "x" }] }]\n  }\n}\n', 3, 33, message('(Bash', 'unclosed group')],
    ['JSON, look-ahead', OI_JSON, '{ "hooks": { "PreToolUse": [{ "matcher": "(?!Read)", "hooks": [{ "type": "command", "command": "x" }] }] } }', 1, 42, message('(?!Read)', 'look-around, including look-ahead and look-behind, is not supported')],
    ['YAML', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - matcher: "[a-"\n      command: x\n', 3, 16, message('[a-', 'error parsing regexp: missing closing ]: `[a-`', OCTO_REFUSES)],
    ['YAML, a back-reference', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - matcher: "(a)\\\\1"\n      command: x\n', 3, 16, message('(a)\\1', 'error parsing regexp: invalid escape sequence: `\\1`', OCTO_REFUSES)],
    ['TOML', OI_TOML, "[[hooks.PostToolUse]]\nmatcher = '*mcp'\n[[hooks.PostToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\n", 2, 11, message('*mcp', 'repetition operator missing expression')],
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
    ['YAML with a flag group past the start', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - matcher: "shell|(?i)terminal"\n      command: x\n'],
    ['JSON with Rust named groups and POSIX classes', OI_JSON, '{ "hooks": { "PreToolUse": [{ "matcher": "^(?P<t>[[:alpha:]]+)$", "hooks": [{ "type": "command", "command": "x" }] }] } }'],
    ['TOML', OI_TOML, "[[hooks.PostToolUse]]\nmatcher = 'mcp__.*'\n[[hooks.PostToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\n"],
  ])('accepts valid matchers in %s', async (_format, path, content) => {
    expect(await findingsOf('invalid-matcher', [{ path, content }])).toEqual([]);
  });
});
