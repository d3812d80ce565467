import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

describe('matcher-ignored', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "UserPromptSubmit": [{ "matcher": "secret", "hooks": [{ "type": "command", "command": "x" }] }]\n  }\n}\n', 3, 28,
      'UserPromptSubmit ignores matchers, so this hook runs on every UserPromptSubmit; matchers work on SessionStart, PreToolUse, PermissionRequest, PostToolUse, PreCompact, PostCompact, SubagentStart, SubagentStop'],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: x\n      matcher: terminal\n', 4, 7,
      'Stop ignores matchers, so this hook runs on every Stop; matchers work on PreToolUse, PostToolUse'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\nmatcher = "Bash"\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n', 2, 1,
      'Stop ignores matchers, so this hook runs on every Stop; matchers work on SessionStart, PreToolUse, PermissionRequest, PostToolUse, PreCompact, PostCompact, SubagentStart, SubagentStop'],
  ])('warns about a matcher on an event without a matcher target in %s', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('matcher-ignored', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "matcher": "*", "hooks": [{ "type": "command", "command": "x" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  PostToolUse:\n    - command: x\n      matcher: terminal\n'],
    ['TOML', OI_TOML, '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "x"\n'],
  ])('accepts matchers where they work, and "*" anywhere, in %s', async (_format, path, content) => {
    expect(await findingsOf('matcher-ignored', [{ path, content }])).toEqual([]);
  });
});
