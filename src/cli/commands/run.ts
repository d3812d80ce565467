import type { Command } from 'commander';
import type { RunOptions } from '../actions/run.js';
import { addCommonOptions, addRewriteOrderOption } from '../common-options.js';

export function registerRun(program: Command): void {
  addRewriteOrderOption(
    addCommonOptions(
      program
        .command('run')
        .description('runtime entry for agents in any language: payload JSON on stdin, outcome JSON on stdout')
        .argument('<event>', 'event name, e.g. PreToolUse')
        .option('--dangerously-bypass-hook-trust', 'run enabled hooks that were never trusted (prints a warning)')
        .option('--log <file>', 'append one JSON line per dispatch to this file (default: $HOOKCTL_LOG); `hookctl log` shows it'),
    ),
  )
    .addHelpText(
      'after',
      `
Exit status is 0 whenever the engine ran (the verdict is in the JSON), 2 on a bad payload or config.
The payload may be up to 64 MiB and nested to any depth; hooks receive it as compact JSON on stdin.
Detached async hooks keep the process alive until they finish or time out; the outcome is printed first.
SIGINT/SIGTERM stop every hook (exit 130/143; a second Ctrl-C kills them at once); when run exits, no
process a hook started is left running (a hook that must leave a daemon starts it with setsid).

Example:
  $ hookctl fixture PreToolUse --cwd ~/src/app | hookctl run PreToolUse --cwd ~/src/app

Hooks run in the payload's "cwd" (a relative one is taken from --cwd), as the agent runs them.`,
    )
    .action(async (event: string, options: RunOptions) => {
      const { run } = await import('../actions/run.js');
      process.exitCode = await run(event, options);
    });
}
