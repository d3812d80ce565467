import { writeSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { HookctlError } from '../errors.js';
import { isCommandName, registerCommands } from './commands/index.js';
import { dialectsHelp } from './dialects-help.js';
import { cancelHookWork } from './hook-work.js';
import { showText } from '../util/show-text.js';
import { readVersion } from './version.js';

/**
 * Builds the commander program: the single definition used by the binary and by docs/cli.md.
 * `only` registers just that command (`null`: none), for a process that runs one: see `commandOf`.
 */
export function buildProgram(only?: string | null): Command {
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
  if (only !== null) registerCommands(program, only);
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

/** Runs the CLI and resolves to the process exit code; never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  quietOnClosedPipes();
  const program = buildProgram(commandOf(argv));
  try {
    await program.parseAsync([...argv]);
    return outputFailed ? 2 : typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    return outputFailed ? 2 : reportError(error, argv.includes('--debug'));
  }
}

function reportError(error: unknown, debug: boolean): number {
  if (error instanceof CommanderError) {
    // Help and version exit through here with code 0; commander already printed the text.
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof HookctlError) {
    // Messages may quote config text; its own line breaks are hookctl's, anything else is escaped.
    process.stderr.write(`hookctl: ${showText(error.message, { multiline: true })}\n`);
    if (debug && error.stack) process.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`hookctl: internal error: ${showText(message, { multiline: true })}\n`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  else process.stderr.write('hookctl: re-run with --debug for the stack trace and report it as a bug.\n');
  return 2;
}

/**
 * `hookctl fixture … | head` closes the pipe early; that is the reader's choice, not an error, so
 * the process ends quietly instead of dying on an unhandled EPIPE with a stack trace. Any other
 * failure to write (stdout on a full disk, `> /dev/full`) is one line on stderr and exit status 2.
 * While hooks run, either one cancels them first: no hook outlives hookctl (SPEC 6.1.6).
 */
let outputFailed = false;

function quietOnClosedPipes(): void {
  let failed = false;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (failed) return;
      failed = true;
      if (error.code !== 'EPIPE') {
        const name = stream === process.stdout ? 'standard output' : 'standard error';
        outputFailed = true;
        process.exitCode = 2;
        // stderr may be the stream that failed; then there is nowhere left to say it.
        if (stream !== process.stderr) writeLastWords(`hookctl: cannot write to ${name}: ${describeWriteError(error)}\n`);
      }
      if (!cancelHookWork()) process.exit(process.exitCode ?? 0);
    });
  }
}

function describeWriteError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOSPC') return 'no space left on the device (ENOSPC)';
  if (error.code === 'EFBIG') return 'the file size limit was reached (EFBIG)';
  if (error.code === 'EIO') return 'input/output error (EIO)';
  return error.code ? `${error.code}` : error.message;
}

/** Best effort: stderr may itself be broken. */
function writeLastWords(text: string): void {
  try {
    writeSync(2, text);
  } catch {
    // nothing more can be done
  }
}
