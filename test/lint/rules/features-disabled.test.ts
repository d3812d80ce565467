import { describe, expect, it } from 'vitest';
import { findingsOf, OI_TOML } from './lint-fixture.js';

const USER_TOML = 'home/.openinterpreter/config.toml';
const MESSAGE = 'hooks are disabled by [features] hooks = false: no hook is discovered or run';

// The switch lives only in config.toml.
describe('features-disabled', () => {
  it('reports the switch that turns hooks off', async () => {
    expect(await findingsOf('features-disabled', [{ path: OI_TOML, content: 'model = "x"\n\n[features]\nhooks = false\n' }])).toEqual([[4, 1, MESSAGE]]);
  });

  it('reports only the deciding switch: a project true wins over a user false', async () => {
    const user = { path: USER_TOML, content: '[features]\nhooks = false\n' };
    expect(await findingsOf('features-disabled', [user, { path: OI_TOML, content: '[features]\nhooks = true\n' }])).toEqual([]);
    expect(await findingsOf('features-disabled', [{ path: USER_TOML, content: '[features]\nhooks = true\n' }, { path: OI_TOML, content: 'features.hooks = false\n' }])).toEqual([
      [1, 10, MESSAGE],
    ]);
  });

  it('accepts hooks left on', async () => {
    expect(await findingsOf('features-disabled', [{ path: OI_TOML, content: '[features]\nhooks = true\n' }])).toEqual([]);
  });
});
