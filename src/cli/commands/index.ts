import type { Command } from 'commander';
import type { CommandName } from '../command-names.js';

type Register = (program: Command) => void;

/**
 * Every hookctl command, in help order, by name, each imported when it is registered. Each
 * `commands/<name>.ts` only declares the command's arguments, options and help text; its body is
 * `actions/<name>.ts`, imported when the command runs. A process registers the one command it
 * runs, so start-up loads neither the other commands' definitions (some compute their help from
 * the dialect manifests) nor any library code the command does not need.
 */
const COMMANDS: Readonly<Record<CommandName, () => Promise<Register>>> = {
  lint: async () => (await import('./lint.js')).registerLint,
  'dry-run': async () => (await import('./dry-run.js')).registerDryRun,
  run: async () => (await import('./run.js')).registerRun,
  replay: async () => (await import('./replay.js')).registerReplay,
  log: async () => (await import('./log.js')).registerLog,
  serve: async () => (await import('./serve.js')).registerServe,
  test: async () => (await import('./test.js')).registerTest,
  list: async () => (await import('./list.js')).registerList,
  trust: async () => (await import('./trust.js')).registerTrust,
  untrust: async () => (await import('./untrust.js')).registerUntrust,
  enable: async () => (await import('./enable.js')).registerEnable,
  disable: async () => (await import('./disable.js')).registerDisable,
  scaffold: async () => (await import('./scaffold.js')).registerScaffold,
  fixture: async () => (await import('./fixture.js')).registerFixture,
  schema: async () => (await import('./schema.js')).registerSchema,
  completion: async () => (await import('./completion.js')).registerCompletion,
};

/** Registers every command, or only `only` (the one a process runs: building the others costs its start). */
export async function registerCommands(program: Command, only?: string): Promise<void> {
  const names = (Object.keys(COMMANDS) as CommandName[]).filter((name) => only === undefined || name === only);
  const registers = await Promise.all(names.map((name) => COMMANDS[name]()));
  for (const register of registers) register(program);
}
