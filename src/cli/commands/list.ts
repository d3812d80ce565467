import type { Command } from 'commander';
import { addCommonOptions, loadContextOf, resolveCommon, type CommonOptionValues } from '../common-options.js';

export function registerList(program: Command): void {
  addCommonOptions(
    program
      .command('list')
      .description('list every hook by layer with its event, matcher, command, mode, timeout, trust status and whether it is enabled')
      .option('--json', 'print { dialect, enabled, switchedOff, hooks, loadErrors, warnings } as JSON (exit 2 when loadErrors is not empty)'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ hookctl list
  $ hookctl list --dialect octo
  $ hookctl list --json | jq '.hooks[] | select(.trust != "trusted")'`,
    )
    .action(async (options: CommonOptionValues & { json?: boolean }) => {
      const common = resolveCommon(options);
      const [{ loadDialect }, { listHooks }, { formatListing }, { ConfigLoadError }] = await Promise.all([
        import('../../dialects/registry.js'),
        import('../../trust/list-hooks.js'),
        import('../../trust/list-text.js'),
        import('../../errors.js'),
      ]);
      const dialect = await loadDialect(common.dialectId);
      const { listing, details } = await listHooks(dialect, loadContextOf(common));
      // A configuration that does not load (octo hard errors) fails like dry-run and run do: exit 2.
      if (options.json) {
        process.stdout.write(`${JSON.stringify(listing, null, 2)}\n`);
        if (listing.loadErrors.length > 0) process.exitCode = 2;
        return;
      }
      if (listing.loadErrors.length === 0) process.stdout.write(formatListing(dialect, listing, details));
      for (const warning of listing.warnings) process.stderr.write(`hookctl: ${warning}\n`);
      if (listing.loadErrors.length > 0) throw new ConfigLoadError(listing.loadErrors);
    });
}
