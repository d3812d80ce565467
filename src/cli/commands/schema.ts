import type { Command } from 'commander';
import type { SchemaOptions } from '../actions/schema.js';
import { DEFAULT_DIALECT } from '../../dialects/registry.js';
import { addCommonOptions } from '../common-options.js';
import { exampleDialect } from '../dialect-facts.js';

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
  $ hookctl schema PreToolUse --output --dialect ${exampleDialect()}
  $ hookctl schema --config --dialect ${DEFAULT_DIALECT} > hooks.schema.json`,
    )
    .action(async (event: string | undefined, options: SchemaOptions) => {
      const { schema } = await import('../actions/schema.js');
      process.exitCode = await schema(event, options);
    });
}
