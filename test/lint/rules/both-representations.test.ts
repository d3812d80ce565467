import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingsOf, OI_JSON, OI_TOML } from './lint-fixture.js';

const JSON_HOOKS = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "a" }] }] } }';
const TOML_HOOKS = 'model = "x"\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "b"\n';

describe('both-representations', () => {
  it('warns, on the config.toml hooks, when one layer has hooks in both files', async () => {
    const findings = await findingsOf('both-representations', [
      { path: OI_JSON, content: JSON_HOOKS },
      { path: OI_TOML, content: TOML_HOOKS },
    ]);
    expect(findings).toEqual([
      [3, 3, expect.stringMatching(/^loading hooks from both \/.*\/project\/\.openinterpreter\/hooks\.json and \/.*\/project\/\.openinterpreter\/config\.toml; prefer a single representation for this layer$/)],
    ]);
  });

  it('accepts one representation per layer, and files of different layers', async () => {
    expect(await findingsOf('both-representations', [{ path: OI_JSON, content: JSON_HOOKS }, { path: OI_TOML, content: 'model = "x"\n' }])).toEqual([]);
    expect(await findingsOf('both-representations', [{ path: OI_JSON, content: '{ "hooks": {} }' }, { path: OI_TOML, content: TOML_HOOKS }])).toEqual([]);
    // Event keys without handlers are empty hooks too, in either file.
    expect(await findingsOf('both-representations', [{ path: OI_JSON, content: '{ "hooks": { "Stop": [] } }' }, { path: OI_TOML, content: TOML_HOOKS }])).toEqual([]);
    expect(
      await findingsOf('both-representations', [
        { path: OI_JSON, content: '{ "hooks": { "Stop": [{ "hooks": [] }] } }' },
        { path: OI_TOML, content: TOML_HOOKS },
      ]),
    ).toEqual([]);
    expect(await findingsOf('both-representations', [{ path: OI_JSON, content: JSON_HOOKS }, { path: OI_TOML, content: 'hooks.Stop = []\n' }])).toEqual([]);
    expect(
      await findingsOf('both-representations', [
        { path: join('home', '.openinterpreter', 'hooks.json'), content: JSON_HOOKS },
        { path: OI_TOML, content: TOML_HOOKS },
      ]),
    ).toEqual([]);
  });
});
