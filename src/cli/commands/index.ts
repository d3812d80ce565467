import type { Command } from 'commander';
import { registerCompletion } from './completion.js';
import { registerDisable } from './disable.js';
import { registerDryRun } from './dry-run.js';
import { registerEnable } from './enable.js';
import { registerFixture } from './fixture.js';
import { registerLint } from './lint.js';
import { registerList } from './list.js';
import { registerLog } from './log.js';
import { registerReplay } from './replay.js';
import { registerRun } from './run.js';
import { registerScaffold } from './scaffold.js';
import { registerSchema } from './schema.js';
import { registerServe } from './serve.js';
import { registerTest } from './test.js';
import { registerTrust } from './trust.js';
import { registerUntrust } from './untrust.js';

/**
 * Every hookctl command, in help order, by name. Each `commands/<name>.ts` only declares the
 * command's arguments, options and help text; its body is `actions/<name>.ts`, imported when the
 * command runs, so start-up (and `--help`) loads no library code a command does not need.
 */
const COMMANDS: readonly (readonly [string, (program: Command) => void])[] = [
  ['lint', registerLint],
  ['dry-run', registerDryRun],
  ['run', registerRun],
  ['replay', registerReplay],
  ['log', registerLog],
  ['serve', registerServe],
  ['test', registerTest],
  ['list', registerList],
  ['trust', registerTrust],
  ['untrust', registerUntrust],
  ['enable', registerEnable],
  ['disable', registerDisable],
  ['scaffold', registerScaffold],
  ['fixture', registerFixture],
  ['schema', registerSchema],
  ['completion', registerCompletion],
];

/** Registers every command, or only `only` (the one a process runs: building the others costs its start). */
export function registerCommands(program: Command, only?: string): void {
  for (const [name, register] of COMMANDS) if (only === undefined || name === only) register(program);
}

/** True when `name` is a command `registerCommands` can register alone. */
export function isCommandName(name: string): boolean {
  return COMMANDS.some(([command]) => command === name);
}
