import { writeSync } from 'node:fs';
import type { CommanderError } from 'commander';
import { HookctlError } from '../errors.js';
import { parseFastArgv } from './fast-argv.js';
import { cancelHookWork } from './hook-work.js';
import { showText } from '../util/show-text.js';
import { versionText } from './version.js';

/** Runs the CLI and resolves to the process exit code; never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  quietOnClosedPipes();
  try {
    await dispatchArgv(argv);
    return outputFailed ? 2 : typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    return outputFailed ? 2 : reportError(error, argv.includes('--debug'));
  }
}

/** Commander's error class, once commander is loaded (a process that never loads it cannot throw one). */
let commanderErrorClass: typeof CommanderError | null = null;

/**
 * `hookctl run …` (spawned by the agent on every tool call) and `hookctl --version` skip commander:
 * loading it and building a command costs a few milliseconds of every start. `parseFastArgv` takes
 * only argument lists whose meaning is beyond doubt and leaves everything else (help, a bad value,
 * an unknown option, `--`) to commander, so errors and help read as they always did.
 */
async function dispatchArgv(argv: readonly string[]): Promise<void> {
  const fast = parseFastArgv(argv);
  if (fast?.kind === 'version') {
    process.stdout.write(`${versionText()}\n`);
    return;
  }
  if (fast?.kind === 'run' && (await knownDialect(fast.options.dialect))) {
    const { run } = await import('./actions/run.js');
    process.exitCode = await run(fast.event, fast.options);
    return;
  }
  const { buildProgram, commandOf, CommanderError: loaded } = await import('./program.js');
  commanderErrorClass = loaded;
  await (await buildProgram(commandOf(argv))).parseAsync([...argv]);
}

/** Whether commander would accept this `--dialect` (a refused one is left to commander, for its message). */
async function knownDialect(dialect: string | undefined): Promise<boolean> {
  return dialect === undefined || (await import('../dialects/registry.js')).isDialectId(dialect);
}

function reportError(error: unknown, debug: boolean): number {
  if (commanderErrorClass !== null && error instanceof commanderErrorClass) {
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
