import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

describe('timeout-too-large', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 3000000 }] }]\n  }\n}\n', 3, 74,
      'timeout 3000000 s (about 35 days) is longer than hookctl can wait (2147483 s, about 24.8 days); the hook is stopped after that; if that was milliseconds, write 3000'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\ntimeout = 2147484\n', 5, 11,
      'timeout 2147484 s (about 25 days) is longer than hookctl can wait (2147483 s, about 24.8 days); the hook is stopped after that'],
  ])('reports a timeout past 2^31 − 1 ms in %s as an error', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('timeout-too-large', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it('leaves the largest timeout a timer holds to timeout-suspicious alone', async () => {
    const content = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "timeout": 2147483 }] }] } }';
    expect(await findingsOf('timeout-too-large', [{ path: OI_JSON, content }])).toEqual([]);
    expect(await findingsOf('timeout-suspicious', [{ path: OI_JSON, content }])).toHaveLength(1);
  });

  it('never fires for octo, whose timeouts are capped at 30 s', async () => {
    const content = 'hooks:\n  Stop:\n    - command: x\n      timeout: 9999999h\n';
    expect(await findingsOf('timeout-too-large', [{ path: OCTO_YAML, content }])).toEqual([]);
  });
});
