import { loadDialect, type DialectId } from '../../dialects/registry.js';
import { ConfigLoadError, UsageError } from '../../errors.js';
import { listHooks } from '../../trust/list-hooks.js';
import { formatListing } from '../../trust/list-text.js';
import { noteInstalledAgents } from '../agent-notes.js';
import { loadContextOf, resolveCommon, type CommonContext, type CommonOptionValues } from '../common-context.js';

export interface ListOptions extends CommonOptionValues {
  json?: boolean;
  why?: string;
  tool?: string;
  set?: string[];
  /** `--agent-version <dialect>=<version>` values. */
  agentVersion?: string[];
}

/**
 * `hookctl list`: every hook by layer, as a table or as JSON. In a project with hook config for
 * several dialects (and no --dialect), each dialect's hooks under a heading, or a JSON array.
 */
export async function list(options: ListOptions): Promise<number> {
  if (options.why !== undefined) {
    const { listWhy } = await import('./list-why.js');
    const common = resolveCommon(options);
    await noteInstalledAgents([common.dialectId], options.agentVersion);
    return listWhy(options.why, common, options);
  }
  if (options.tool !== undefined || options.set !== undefined)
    throw new UsageError('--tool and --set describe the call of --why <event>; add --why');
  const common = resolveCommon(options, { several: 'all' });
  const ids = common.detected.length > 1 ? common.detected : [common.dialectId];
  const [listed] = await Promise.all([Promise.all(ids.map((id) => listOne(id, common))), noteInstalledAgents(ids, options.agentVersion)]);
  const loadErrors = listed.flatMap(({ listing }) => listing.loadErrors);
  // A configuration that does not load (octo hard errors) fails like dry-run and run do: exit 2.
  if (options.json) {
    const value = listed.length === 1 ? listed[0]!.listing : listed.map(({ listing }) => listing);
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    return loadErrors.length > 0 ? 2 : 0;
  }
  for (const { id, dialect, listing, details } of listed) {
    if (listed.length > 1) process.stdout.write(`${id} (${dialect.manifest.configDir}/):\n`);
    if (listing.loadErrors.length === 0) process.stdout.write(formatListing(dialect, listing, details));
    for (const warning of listing.warnings) process.stderr.write(`hookctl: ${warning}\n`);
  }
  if (loadErrors.length > 0) throw new ConfigLoadError(loadErrors);
  return 0;
}

async function listOne(id: DialectId, common: CommonContext) {
  const dialect = await loadDialect(id);
  return { id, dialect, ...(await listHooks(dialect, loadContextOf({ ...common, dialectId: id }))) };
}
