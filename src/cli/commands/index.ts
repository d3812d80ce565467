import type { Command } from 'commander';
import { registerDryRun } from './dry-run.js';
import { registerFixture } from './fixture.js';
import { registerLint } from './lint.js';
import { registerList } from './list.js';
import { registerRun } from './run.js';
import { registerScaffold } from './scaffold.js';
import { registerSchema } from './schema.js';
import { registerServe } from './serve.js';
import { registerTest } from './test.js';
import { registerTrustCommands } from './trust.js';

/**
 * Every hookctl command, in help order. Each module defines its options and a thin action that
 * imports the library lazily, so start-up stays cheap.
 */
export function registerCommands(program: Command): void {
  registerLint(program);
  registerDryRun(program);
  registerRun(program);
  registerServe(program);
  registerTest(program);
  registerList(program);
  registerTrustCommands(program);
  registerScaffold(program);
  registerFixture(program);
  registerSchema(program);
}
