import { Option, type Command } from 'commander';
import { LANGUAGE_IDS } from '../../scaffold/language-ids.js';
import type { ScaffoldOptions } from '../actions/scaffold.js';
import { addCommonOptions } from '../common-options.js';

export function registerScaffold(program: Command): void {
  addCommonOptions(
    program
      .command('scaffold')
      .description('write an executable hook script for an event: a no-op as written, with commented-out examples of each decision')
      .argument('<event>', 'event name, e.g. PreToolUse')
      .addOption(new Option('--lang <lang>', 'script language').choices(LANGUAGE_IDS).default('js'))
      .option(
        '--name <name>',
        'script file name without extension, and (openinterpreter) the hook id in hooks.json ' +
          '(default: the event in kebab case, e.g. pre-tool-use)',
      )
      .option('--matcher <matcher>', 'matcher for the config entry (tool name, source, …)')
      .option(
        '--register',
        'add the hook to the project config (.claude/settings.json, .openinterpreter/hooks.json or .octo/hooks.yml), ' +
          'keeping everything else',
      )
      .option('--force', 'overwrite an existing script'),
  )
    .addHelpText(
      'after',
      `
The script is written to <project>/.claude/hooks/, <project>/.openinterpreter/hooks/ or
<project>/.octo/hooks/; its command path is relative to the project root, where agents run hooks.
Files are written atomically (a temporary file renamed into place) and never through a symlink; with
--register the script and the config change together or not at all, so a failed write leaves
everything as it was. claude: --register keeps every other setting and byte of .claude/settings.json,
and refuses a file with comments or trailing commas (Claude Code ignores such a file whole).

Examples:
  $ hookctl scaffold PreToolUse --matcher Bash --register
  $ hookctl scaffold Stop --dialect claude --lang py --register
  $ hookctl scaffold UserPromptSubmit --lang py --name scan-prompt
  $ hookctl scaffold PreToolUse --dialect octo --lang sh --matcher terminal --register`,
    )
    .action(async (event: string, options: ScaffoldOptions) => {
      const { scaffold } = await import('../actions/scaffold.js');
      process.exitCode = await scaffold(event, options);
    });
}
