import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON } from './lint-fixture.js';

// TOML forbids redefining a key outright, so there it is a parse-error instead.
describe('duplicate-key', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "a", "command": "b" }] }]\n  }\n}\n', 3, 63,
      'the agent ignores this whole file: "command" is set twice in this object'],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: a\n  Stop:\n    - command: b\n', 4, 3,
      '"Stop" is already set in this mapping; only the last value is used and the earlier one is lost'],
  ])('reports a key set twice in %s', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('duplicate-key', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "a" }, { "type": "command", "command": "b" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: a\n    - command: b\n'],
  ])('accepts equal keys in different objects in %s', async (_format, path, content) => {
    expect(await findingsOf('duplicate-key', [{ path, content }])).toEqual([]);
  });
});
