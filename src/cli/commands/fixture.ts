import type { Command } from 'commander';
import type { FixtureOptions } from '../actions/fixture.js';
import { addCommonOptions, collectValues } from '../common-options.js';

export function registerFixture(program: Command): void {
  addCommonOptions(
    program
      .command('fixture')
      .description('print an example input payload for an event, valid against its schema')
      .argument('<event>', 'event name, e.g. PreToolUse')
      .option(
        '--set <path=value>',
        'override a field (dot path; value parsed as JSON when it parses, else a string); repeatable',
        collectValues,
      ),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ hookctl fixture PreToolUse
  $ hookctl fixture PreToolUse --set tool_input.command="rm -rf /" --set permission_mode=plan
  $ hookctl fixture Stop --dialect octo --set status=error --set error="rate limited"
  $ hookctl fixture PostToolBatch --dialect claude`,
    )
    .action(async (event: string, options: FixtureOptions) => {
      const { fixture } = await import('../actions/fixture.js');
      process.exitCode = await fixture(event, options);
    });
}
