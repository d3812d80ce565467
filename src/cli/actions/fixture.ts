import { loadDialect } from '../../dialects/registry.js';
import { makeFixture } from '../../fixture/make-fixture.js';
import { strayOverrides } from '../../fixture/stray-overrides.js';
import { resolveCommon, type CommonOptionValues } from '../common-options.js';

export interface FixtureOptions extends CommonOptionValues {
  set?: string[];
}

/** `hookctl fixture`: an example payload of the event on stdout; overrides outside its schema warn. */
export async function fixture(event: string, options: FixtureOptions): Promise<number> {
  const common = resolveCommon(options);
  const payload = makeFixture(await loadDialect(common.dialectId), event, { cwd: common.cwd }, options.set);
  for (const warning of strayOverrides(common.dialectId, event, options.set ?? [])) process.stderr.write(`hookctl: warning: ${warning}\n`);
  process.stdout.write(`${JSON.stringify(payload, null, 2)}\n`);
  return 0;
}
