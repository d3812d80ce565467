import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { addCommonOptions, resolveCommon, type CommonOptionValues } from '../common-options.js';

interface SchemaOptions extends CommonOptionValues {
  output?: boolean;
  config?: boolean;
}

export function registerSchema(program: Command): void {
  addCommonOptions(
    program
      .command('schema')
      .description("print an event's input (or output) JSON Schema, or the hooks config file schema")
      .argument('[event]', 'event name, e.g. PreToolUse')
      .option('--output', "print the schema of the hook's stdout JSON instead of its input")
      .option('--config', 'print the schema of the dialect hooks config file (hooks.json / hooks.yml)'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ hookctl schema PreToolUse
  $ hookctl schema PreToolUse --output --dialect octo
  $ hookctl schema --config --dialect openinterpreter > hooks.schema.json`,
    )
    .action(async (event: string | undefined, options: SchemaOptions) => {
      const { readConfigSchema, readEventSchema } = await import('../../contracts/schema-files.js');
      const { dialectId } = resolveCommon(options);
      if (options.config) {
        if (event !== undefined || options.output) throw new UsageError('--config prints the config file schema; drop the event name and --output');
        process.stdout.write(readConfigSchema(dialectId));
        return;
      }
      if (event === undefined) throw new UsageError('name an event (e.g. `hookctl schema PreToolUse`) or pass --config');
      process.stdout.write(readEventSchema(dialectId, event, options.output ? 'output' : 'input'));
    });
}
