import type { Command } from 'commander';
import { SWITCH_HELP } from './switch-help.js';
import { switchDialects } from '../dialect-facts.js';
import { addCommonOptions, type CommonOptionValues } from '../common-options.js';

export function registerEnable(program: Command): void {
  addCommonOptions(
    program
      .command('enable')
      .description(`enable a disabled hook again (${switchDialects().join(', ')})`)
      .argument('<id>', 'hook id from `hookctl list`'),
  )
    .addHelpText('after', `${SWITCH_HELP}\nExample:\n  $ hookctl enable guard`)
    .action(async (id: string, options: CommonOptionValues) => {
      const { enable } = await import('../actions/enable.js');
      process.exitCode = await enable(id, options);
    });
}
