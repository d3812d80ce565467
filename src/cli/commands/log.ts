import type { Command } from 'commander';
import type { LogOptions } from '../actions/log.js';

export function registerLog(program: Command): void {
  program
    .command('log')
    .description('show the dispatch log `hookctl run --log` (or HOOKCTL_LOG) wrote: which hooks ran, what they decided, how long they took')
    .option('--log <file>', 'the log file (default: $HOOKCTL_LOG)')
    .option('--tail', 'show the last 20 dispatches, then follow the log as agents append to it (Ctrl-C stops)')
    .option('--json', 'print the records as JSON (one array; with --tail, one record per line)')
    .addHelpText(
      'after',
      `
Examples:
  $ export HOOKCTL_LOG=~/.hookctl-dispatch.jsonl   # in the agent's environment, where it calls hookctl run
  $ hookctl log --tail
  $ hookctl log --log /tmp/hooks.jsonl --json`,
    )
    .action(async (options: LogOptions) => {
      const { log } = await import('../actions/log.js');
      process.exitCode = await log(options);
    });
}
