import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

const NPX = expect.stringMatching(/^"npx" resolves \(and may download\) a package on every hook run/);
const TS_NODE = expect.stringMatching(/^"ts-node" compiles TypeScript on every hook run/);

describe('slow-launcher', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "npx -y tsx hooks/stop.ts" }] }]\n  }\n}\n', 3, 58, NPX],
    ['YAML', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - command: cd tools && npx tsx gate.ts\n', 3, 16, NPX],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "ts-node hooks/stop.ts"\n', 4, 11, TS_NODE],
  ])('warns about a slow launcher in %s', async (_format, path, content, line, column, message) => {
    expect(await findingsOf('slow-launcher', [{ path, content }])).toEqual([[line, column, message]]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "node hooks/stop.js" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  Stop:\n    - command: ./node_modules/.bin/tsx gate.ts\n'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo npxish"\n'],
  ])('accepts direct launches in %s', async (_format, path, content) => {
    expect(await findingsOf('slow-launcher', [{ path, content }])).toEqual([]);
  });
});
