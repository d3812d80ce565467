import { loadDialect } from '../../dialects/registry.js';
import { ConfigLoadError } from '../../errors.js';
import { listHooks } from '../../trust/list-hooks.js';
import { formatListing } from '../../trust/list-text.js';
import { loadContextOf, resolveCommon, type CommonOptionValues } from '../common-options.js';

export interface ListOptions extends CommonOptionValues {
  json?: boolean;
}

/** `hookctl list`: every hook by layer, as a table or as JSON. */
export async function list(options: ListOptions): Promise<number> {
  const common = resolveCommon(options);
  const dialect = await loadDialect(common.dialectId);
  const { listing, details } = await listHooks(dialect, loadContextOf(common));
  // A configuration that does not load (octo hard errors) fails like dry-run and run do: exit 2.
  if (options.json) {
    process.stdout.write(`${JSON.stringify(listing, null, 2)}\n`);
    return listing.loadErrors.length > 0 ? 2 : 0;
  }
  if (listing.loadErrors.length === 0) process.stdout.write(formatListing(dialect, listing, details));
  for (const warning of listing.warnings) process.stderr.write(`hookctl: ${warning}\n`);
  if (listing.loadErrors.length > 0) throw new ConfigLoadError(listing.loadErrors);
  return 0;
}
