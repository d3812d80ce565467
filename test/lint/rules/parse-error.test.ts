import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

describe('parse-error', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {,}\n}\n', 2, 13],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: [unclosed\n', 4, 1],
    ['TOML', OI_TOML, '[[hooks.Stop]]\ntimeout = 30s\n', 2, 13],
  ])('reports malformed %s at the syntax error', async (_format, path, content, line, column) => {
    expect(await findingsOf('parse-error', [{ path, content }])).toEqual([
      [line, column, expect.stringMatching(/syntax error: .+; nothing in this file is loaded$/)],
    ]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [] } }\n'],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop: []\n'],
    ['TOML', OI_TOML, '[hooks]\nStop = []\n'],
  ])('accepts well-formed %s', async (_format, path, content) => {
    expect(await findingsOf('parse-error', [{ path, content }])).toEqual([]);
  });

  it('reports a named file that cannot be read, or does not exist', async () => {
    // hooks.json is a directory here.
    expect(await findingsOf('parse-error', [{ path: `${OI_JSON}/.keep`, content: '' }], { lint: [OI_JSON] })).toEqual([
      [1, 1, expect.stringMatching(/^cannot read the file: it is a directory, not a regular file; nothing in this file is loaded$/)],
    ]);
    expect(await findingsOf('parse-error', [], { lint: [OCTO_YAML] })).toEqual([[1, 1, 'the file does not exist; nothing in this file is loaded']]);
  });
});
