import { Command, CommanderError, Option } from 'commander';
import { registerCommands } from './commands/index.js';
import { dialectsHelp } from './dialects-help.js';
import { versionText } from './version.js';

/**
 * Builds the commander program: the single definition used by the binary and by docs/cli.md.
 * `only` registers just that command (`null`: none), for a process that runs one: see `commandOf`.
 */
export async function buildProgram(only?: string | null): Promise<Command> {
  const program = new Command('hookctl')
    .description('Schema-first toolkit for AI-agent lifecycle hooks: lint, scaffold, dry-run, test and trust hooks.')
    .version(versionText(), '-v, --version', 'output the version number and the agent release each dialect is proven against')
    // -V was the version flag before -v (the common spelling); kept working, not advertised.
    .addOption(new Option('-V').hideHelp())
    .option('--debug', 'print stack traces for errors')
    .showHelpAfterError('(see `hookctl --help`, or `hookctl <command> --help`)')
    .exitOverride();
  program.on('option:V', () => {
    process.stdout.write(`${program.version() ?? ''}\n`);
    throw new CommanderError(0, 'commander.version', program.version() ?? '');
  });
  if (only !== null) await registerCommands(program, only);
  // A function: the text is made only when help is shown.
  program.addHelpText('after', () => dialectsHelp());
  return program;
}

export { commandOf } from './command-names.js';
export { CommanderError };
