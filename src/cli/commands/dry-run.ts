import type { Command } from 'commander';
import type { DryRunOptions } from '../actions/dry-run.js';
import { addCommonOptions, addRewriteOrderOption, collectValues } from '../common-options.js';

export function registerDryRun(program: Command): void {
  addRewriteOrderOption(
    addCommonOptions(
      program
        .command('dry-run')
        .description('run the real engine on a payload and show which hooks matched, each result and the verdict')
        .argument('<event>', 'event name, e.g. PreToolUse')
        .option(
          '--payload <file>',
          'payload JSON file (a regular file up to 64 MiB), or - for standard input (default: a generated fixture)',
        )
        .option(
          '--tool <name>',
          'tool of the generated fixture: a realistic call of it (claude Edit, Write, Read…; codex apply_patch; octo terminal)',
        )
        .option(
          '--set <path=value>',
          'override a field of the generated fixture (repeatable; value parsed as JSON when it parses)',
          collectValues,
        )
        .option('--dangerously-bypass-hook-trust', 'run enabled hooks that were never trusted (prints a warning)')
        .option('--json', 'print the outcome object as JSON'),
    ),
  )
    .addHelpText(
      'after',
      `
Hooks of the event that were not selected are named with the reason: their matcher, or their \`if\`
rule (if-filter, with the command word it saw); --json lists them as notSelected.
Ctrl-C stops every hook, async ones included (a second Ctrl-C kills them at once). Commands, hook
output and reasons are shown with control and bidirectional characters escaped (\\r, \\x1b, \\u202e).

Examples:
  $ hookctl dry-run PreToolUse --set tool_input.command="rm -rf /"
  $ hookctl dry-run PostToolUse --dialect claude --tool Edit --set tool_input.file_path=src/app.ts --json
  $ hookctl fixture PreToolUse --set tool_input.command=ls | hookctl dry-run PreToolUse --payload -
  $ hookctl dry-run Stop --dialect octo --json
  $ hookctl dry-run SessionStart --dialect claude --set source=resume   # claude: .claude/settings*.json`,
    )
    .action(async (event: string, options: DryRunOptions) => {
      const { dryRun } = await import('../actions/dry-run.js');
      process.exitCode = await dryRun(event, options);
    });
}
