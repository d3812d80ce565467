import { describe, expect, it } from 'vitest';
import { findingsOf, OI_TOML } from './lint-fixture.js';

const USER_TOML = 'home/.openinterpreter/config.toml';
const MANAGED_TOML = 'etc/requirements.toml';
const LOCAL_OFF =
  'user, project and plugin hooks are disabled by [features] hooks = false; managed hooks still run (only the managed requirements file can turn them off)';
const ALL_OFF = 'every hook, managed ones included, is disabled by [features] hooks = false in the managed requirements file: no hook is discovered or run';
const PINNED = '[features] hooks = false is ignored: the managed requirements file pins [features] hooks = true';

// The switch lives in config.toml (user, project) and in the managed requirements file.
describe('features-disabled', () => {
  it('reports the switch that turns hooks off', async () => {
    expect(await findingsOf('features-disabled', [{ path: OI_TOML, content: 'model = "x"\n\n[features]\nhooks = false\n' }])).toEqual([[4, 1, LOCAL_OFF]]);
  });

  it('reports only the deciding switch: a project true wins over a user false', async () => {
    const user = { path: USER_TOML, content: '[features]\nhooks = false\n' };
    expect(await findingsOf('features-disabled', [user, { path: OI_TOML, content: '[features]\nhooks = true\n' }])).toEqual([]);
    expect(await findingsOf('features-disabled', [{ path: USER_TOML, content: '[features]\nhooks = true\n' }, { path: OI_TOML, content: 'features.hooks = false\n' }])).toEqual([
      [1, 10, LOCAL_OFF],
    ]);
  });

  it('reports the managed file turning every hook off, managed ones included', async () => {
    expect(await findingsOf('features-disabled', [{ path: MANAGED_TOML, content: '[features]\nhooks = false\n' }])).toEqual([[2, 1, ALL_OFF]]);
  });

  it('says a local false is ignored when the managed file pins hooks on', async () => {
    const managed = { path: MANAGED_TOML, content: '[features]\nhooks = true\n' };
    expect(await findingsOf('features-disabled', [managed, { path: OI_TOML, content: '[features]\nhooks = false\n' }])).toEqual([[2, 1, PINNED]]);
  });

  it('accepts hooks left on', async () => {
    expect(await findingsOf('features-disabled', [{ path: OI_TOML, content: '[features]\nhooks = true\n' }])).toEqual([]);
  });
});
