import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

const SCRIPT = { path: 'project/scripts/guard.sh', content: '#!/bin/sh\nexit 0\n' };
const message =
  '"./scripts/guard.sh" is not executable, so running it fails with "permission denied"; run chmod +x ./scripts/guard.sh (or call it through its interpreter, e.g. sh ./scripts/guard.sh)';

describe('script-not-executable', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "./scripts/guard.sh" }] }]\n  }\n}\n', 3, 58],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: ./scripts/guard.sh\n', 3, 16],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "./scripts/guard.sh"\n', 4, 11],
  ])('warns about a directly run script without the execute bit in %s', async (_format, path, content, line, column) => {
    expect(await findingsOf('script-not-executable', [{ path, content }, SCRIPT])).toEqual([[line, column, message]]);
  });

  it('warns at every handler that runs the same script', async () => {
    const content = 'hooks:\n  Stop:\n    - command: ./scripts/guard.sh\n  PreCompact:\n    - command: ./scripts/guard.sh\n';
    expect(await findingsOf('script-not-executable', [{ path: OCTO_YAML, content }, SCRIPT])).toEqual([
      [3, 16, message],
      [5, 16, message],
    ]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "sh ./scripts/guard.sh" }] }] } }', false],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: ./scripts/guard.sh\n', true],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "./scripts/guard.sh"\n', true],
  ])('accepts an executable script, or one run through its interpreter, in %s', async (_format, path, content, executable) => {
    expect(await findingsOf('script-not-executable', [{ path, content }, { ...SCRIPT, executable }])).toEqual([]);
  });
});
