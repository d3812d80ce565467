import { describe, expect, it } from 'vitest';
import { findingsOf, OI_JSON, OI_TOML } from './lint-fixture.js';

// Closed target sets exist only for openinterpreter events (octo matchers work on open tool names).
describe('matcher-never-matches', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "SessionStart": [{ "matcher": "Startup", "hooks": [{ "type": "command", "command": "x" }] }]\n  }\n}\n', 3, 35,
      'matcher "Startup" matches no source of SessionStart (startup, resume, clear, compact), so this hook never runs; did you mean "startup"?'],
    ['TOML', OI_TOML, '[[hooks.PreCompact]]\nmatcher = "^automatic$"\n[[hooks.PreCompact.hooks]]\ntype = "command"\ncommand = "x"\n', 2, 11,
      'matcher "^automatic$" matches no trigger of PreCompact (manual, auto), so this hook never runs'],
  ])('warns about a matcher that fits none of the closed targets in %s', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('matcher-never-matches', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "SessionStart": [{ "matcher": "startup|resume", "hooks": [{ "type": "command", "command": "x" }] }] } }'],
    ['TOML', OI_TOML, '[[hooks.PostCompact]]\nmatcher = "^man"\n[[hooks.PostCompact.hooks]]\ntype = "command"\ncommand = "x"\n'],
    ['JSON (open target set)', OI_JSON, '{ "hooks": { "PreToolUse": [{ "matcher": "Anything", "hooks": [{ "type": "command", "command": "x" }] }] } }'],
  ])('accepts matchers that can match in %s', async (_format, path, content) => {
    expect(await findingsOf('matcher-never-matches', [{ path, content }])).toEqual([]);
  });
});
