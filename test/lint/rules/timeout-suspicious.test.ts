import { describe, expect, it } from 'vitest';
import { findingsOf, OI_JSON, OI_TOML } from './lint-fixture.js';

describe('timeout-suspicious', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 30000 }] }]\n  }\n}\n', 3, 74,
      'timeout 30000 is in seconds (about 8 hours); it looks like milliseconds; did you mean 30?'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 1500\n', 5, 11,
      'timeout 1500 is in seconds (about 25 minutes); it looks like milliseconds'],
  ])('warns about a timeout of 1000 s or more in %s', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('timeout-suspicious', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 999 }] }] } }'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 30\n'],
  ])('accepts ordinary timeouts in %s', async (_format, path, content) => {
    expect(await findingsOf('timeout-suspicious', [{ path, content }])).toEqual([]);
  });
});
