import type { Command } from 'commander';
import type { ListOptions } from '../actions/list.js';
import { addAgentVersionOption } from '../agent-notes.js';
import { addCommonOptions, collectValues } from '../common-options.js';
import { exampleDialect } from '../dialect-facts.js';

export function registerList(program: Command): void {
  addAgentVersionOption(
    addCommonOptions(
      program
        .command('list')
        .description('list every hook by layer with its event, matcher, command, mode, timeout, trust status and whether it is enabled')
        .option('--why <event>', 'for one call of <event>: which hooks run, and for each that does not, why (matcher, if rule, trust)')
        .option('--tool <name>', 'with --why: the tool of the call (a realistic call of it, as fixture --tool makes)')
        .option(
          '--set <path=value>',
          'with --why: override a field of the call (repeatable), e.g. tool_input.command="git push"',
          collectValues,
        )
        .option(
          '--json',
          'print { dialect, enabled, switchedOff, hooks, loadErrors, warnings } as JSON (exit 2 when loadErrors is not empty)',
        ),
    ),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ hookctl list
  $ hookctl list --dialect ${exampleDialect()}
  $ hookctl list --why PreToolUse --tool Bash --set tool_input.command="git push --force"
  $ hookctl list --json | jq '.hooks[] | select(.trust != "trusted")'`,
    )
    .action(async (options: ListOptions) => {
      const { list } = await import('../actions/list.js');
      process.exitCode = await list(options);
    });
}
