import type { Command } from 'commander';
import type { ListOptions } from '../actions/list.js';
import { addCommonOptions } from '../common-options.js';

export function registerList(program: Command): void {
  addCommonOptions(
    program
      .command('list')
      .description('list every hook by layer with its event, matcher, command, mode, timeout, trust status and whether it is enabled')
      .option(
        '--json',
        'print { dialect, enabled, switchedOff, hooks, loadErrors, warnings } as JSON (exit 2 when loadErrors is not empty)',
      ),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ hookctl list
  $ hookctl list --dialect octo
  $ hookctl list --json | jq '.hooks[] | select(.trust != "trusted")'`,
    )
    .action(async (options: ListOptions) => {
      const { list } = await import('../actions/list.js');
      process.exitCode = await list(options);
    });
}
