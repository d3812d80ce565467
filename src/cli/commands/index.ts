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
 * Every hookctl command, in help order. Each `commands/<name>.ts` only declares the command's
 * arguments, options and help text; its body is `actions/<name>.ts`, imported when the command
 * runs, so start-up (and `--help`) loads no library code a command does not need.
 */
export function registerCommands(program: Command): void {
  registerLint(program);
  registerDryRun(program);
  registerRun(program);
  registerReplay(program);
  registerLog(program);
  registerServe(program);
  registerTest(program);
  registerList(program);
  registerTrust(program);
  registerUntrust(program);
  registerEnable(program);
  registerDisable(program);
  registerScaffold(program);
  registerFixture(program);
  registerSchema(program);
  registerCompletion(program);
}
