import type { Command } from 'commander';

/**
 * Every hookctl command, in help order. Each module defines its options and a thin action that
 * imports the library lazily, so start-up stays cheap.
 */
export function registerCommands(program: Command): void {
  void program;
}
