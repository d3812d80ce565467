/**
 * Every hookctl command's name, in help order: the table `commands/index.ts` registers from (the
 * compiler holds the two to the same names), kept apart from it and from commander so that the
 * small CLI bundles (src/cli/entry.ts) can tell which command a process runs without loading either.
 */
export const COMMAND_NAMES = [
  'lint',
  'dry-run',
  'run',
  'replay',
  'log',
  'serve',
  'test',
  'list',
  'trust',
  'untrust',
  'enable',
  'disable',
  'scaffold',
  'fixture',
  'schema',
  'completion',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(COMMAND_NAMES);

/** True when `name` is a command `registerCommands` can register alone. */
export function isCommandName(name: string): name is CommandName {
  return NAMES.has(name);
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
export function commandOf(argv: readonly string[]): CommandName | null | undefined {
  for (const arg of argv.slice(2)) {
    if (arg === '--debug') continue;
    if (PROGRAM_HELP.has(arg)) return undefined;
    if (VERSION.has(arg)) return null;
    if (arg.startsWith('-')) return undefined;
    return isCommandName(arg) && arg !== 'completion' ? arg : undefined;
  }
  return undefined;
}
