import { loadDialect } from '../../dialects/registry.js';
import { makeFixture } from '../../fixture/make-fixture.js';
import { toPortable } from '../../fixture/portable-paths.js';
import { strayOverrides } from '../../fixture/stray-overrides.js';
import { resolveCommon, type CommonOptionValues } from '../common-context.js';

export interface FixtureOptions extends CommonOptionValues {
  set?: string[];
  absolute?: boolean;
  tool?: string;
}

/** `hookctl fixture`: an example payload of the event on stdout, portable unless --absolute; overrides outside its schema warn. */
export async function fixture(event: string, options: FixtureOptions): Promise<number> {
  const common = resolveCommon(options);
  const warn = (message: string) => process.stderr.write(`hookctl: warning: ${message}\n`);
  const tool = options.tool === undefined ? {} : { tool: options.tool, onWarning: warn };
  const payload = makeFixture(await loadDialect(common.dialectId), event, { cwd: common.cwd }, options.set, tool);
  for (const warning of strayOverrides(common.dialectId, event, options.set ?? [])) warn(warning);
  // A payload is usually saved as a test case: paths inside the project become ${PROJECT}, which
  // `test` and `dry-run --payload` resolve against the project they run, so the case tests that copy.
  const shown = options.absolute ? payload : toPortable(payload, common.cwd);
  process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  return 0;
}
