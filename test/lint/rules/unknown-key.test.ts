import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

const JSON_WRONG = `{
  "hooks": {
    "PreToolUse": [
      {
        "matchers": "Bash",
        "hooks": [{ "type": "command", "command": "x", "timeoutSec": 5, "matcher": "Bash" }]
      }
    ]
  }
}
`;

describe('unknown-key', () => {
  it('reports unknown group and handler keys in JSON, with did-you-mean and misplaced keys', async () => {
    expect(await findingsOf('unknown-key', [{ path: OI_JSON, content: JSON_WRONG }])).toEqual([
      [5, 9, 'unknown key "matchers" in a matcher group is ignored; did you mean "matcher"?'],
      [6, 56, 'unknown key "timeoutSec" in a handler is ignored; did you mean "timeout"?'],
      [6, 73, '"matcher" belongs on the matcher group, not on a handler; it is ignored here'],
    ]);
  });

  it('reports unknown keys in YAML, top level included', async () => {
    const content = 'hook:\n  x: 1\nhooks:\n  Stop:\n    - command: x\n      timout: 5s\n      run: y\n';
    expect(await findingsOf('unknown-key', [{ path: OCTO_YAML, content }])).toEqual([
      [1, 1, 'unknown key "hook" at the top level is ignored; did you mean "hooks"?'],
      [6, 7, 'unknown key "timout" in a handler is ignored; did you mean "timeout"?'],
      [7, 7, 'unknown key "run" in a handler is ignored; known keys: command, matcher, timeout, async'],
    ]);
  });

  it('reports unknown keys in TOML, and handler fields written on the group', async () => {
    const content = '[[hooks.Stop]]\ncommand = "x"\n\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "y"\nstatus_message = "z"\n';
    expect(await findingsOf('unknown-key', [{ path: OI_TOML, content }])).toEqual([
      [2, 1, '"command" belongs in a handler inside "hooks", not on the matcher group; it is ignored here'],
      [7, 1, 'unknown key "status_message" in a handler is ignored; did you mean "statusMessage"?'],
    ]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "description": "d", "hooks": { "Stop": [{ "matcher": "", "hooks": [{ "type": "command", "command": "x", "timeout": 5, "statusMessage": "s", "async": false, "id": "i", "onFailure": "abort" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - command: x\n      matcher: terminal\n      timeout: 5s\n      async: false\n'],
    ['TOML', OI_TOML, 'model = "gpt"\n[features]\nhooks = true\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n'],
  ])('accepts every known key in %s (and other config in config.toml)', async (_format, path, content) => {
    expect(await findingsOf('unknown-key', [{ path, content }])).toEqual([]);
  });

  it('reports keys that share a name with object built-ins as unknown', async () => {
    const content = '{ "hooks": { "Stop": [{ "constructor": 1, "hooks": [{ "type": "command", "command": "x", "toString": 2 }] }] } }';
    expect(await findingsOf('unknown-key', [{ path: OI_JSON, content }])).toEqual([
      [1, 25, 'unknown key "constructor" in a matcher group is ignored; known keys: hooks, matcher'],
      [1, 90, 'unknown key "toString" in a handler is ignored; known keys: type, command, timeout, statusMessage, async, additionalContextLimit, commandWindows, command_windows, id, onFailure'],
    ]);
  });

  it('leaves the fields of unsupported handler types alone', async () => {
    const content = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "ok?" }] }] } }';
    expect(await findingsOf('unknown-key', [{ path: OI_JSON, content }])).toEqual([]);
  });
});
