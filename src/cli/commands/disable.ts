import type { Command } from 'commander';
import { SWITCH_HELP } from './switch-help.js';
import { switchDialects } from '../dialect-facts.js';
import { addCommonOptions, type CommonOptionValues } from '../common-options.js';

export function registerDisable(program: Command): void {
  addCommonOptions(
    program
      .command('disable')
      .description(
        `keep a hook from running without removing it from its file (${switchDialects().join(', ')}; managed hooks cannot be disabled)`,
      )
      .argument('<id>', 'hook id from `hookctl list`'),
  )
    .addHelpText('after', `${SWITCH_HELP}\nExample:\n  $ hookctl disable guard`)
    .action(async (id: string, options: CommonOptionValues) => {
      const { disable } = await import('../actions/disable.js');
      process.exitCode = await disable(id, options);
    });
}
