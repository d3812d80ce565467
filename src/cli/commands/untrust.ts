import type { Command } from 'commander';
import type { UntrustOptions } from '../actions/untrust.js';
import { addCommonOptions } from '../common-options.js';
import { untrustHelp } from '../dialect-facts.js';

export function registerUntrust(program: Command): void {
  addCommonOptions(
    program
      .command('untrust')
      .description(untrustHelp())
      .argument('[ids...]', 'hook ids from `hookctl list`')
      .option('--all', 'every hook'),
  )
    .addHelpText('after', '\nExamples:\n  $ hookctl untrust guard\n  $ hookctl untrust --all')
    .action(async (ids: string[], options: UntrustOptions) => {
      const { untrust } = await import('../actions/untrust.js');
      process.exitCode = await untrust(ids, options);
    });
}
