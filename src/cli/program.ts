import { Command, CommanderError, Option } from 'commander';
import { isCommandName, registerCommands } from './commands/index.js';
import { dialectsHelp } from './dialects-help.js';
import { readVersion } from './version.js';

/**
 * Builds the commander program: the single definition used by the binary and by docs/cli.md.
 * `only` registers just that command (`null`: none), for a process that runs one: see `commandOf`.
 */
export async function buildProgram(only?: string | null): Promise<Command> {
  const program = new Command('hookctl')
    .description('Schema-first toolkit for AI-agent lifecycle hooks: lint, scaffold, dry-run, test and trust hooks.')
    .version(readVersion(), '-v, --version')
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

const PROGRAM_HELP = new Set(['-h', '--help']);
const VERSION = new Set(['-v', '--version', '-V']);

/**
 * The one command this process needs registered: building all sixteen costs every start, and an
 * agent spawns `hookctl run` per tool call. `undefined` (all) whenever the program itself must
 * answer with all of them known: its help, an unknown command (whose error suggests the nearest),
 * the `help` command, `completion` (which describes every command), or no command at all; `null`
 * (none) for a version flag given before any command.
 */
export function commandOf(argv: readonly string[]): string | null | undefined {
  for (const arg of argv.slice(2)) {
    if (arg === '--debug') continue;
    if (PROGRAM_HELP.has(arg)) return undefined;
    if (VERSION.has(arg)) return null;
    if (arg.startsWith('-')) return undefined;
    return isCommandName(arg) && arg !== 'completion' ? arg : undefined;
  }
  return undefined;
}

export { CommanderError };
