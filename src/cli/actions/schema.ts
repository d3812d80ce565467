import { readConfigSchema, readEventSchema } from '../../contracts/schema-files.js';
import { UsageError } from '../../errors.js';
import { resolveCommon, type CommonOptionValues } from '../common-context.js';

export interface SchemaOptions extends Omit<CommonOptionValues, 'config'> {
  output?: boolean;
  config?: boolean;
}

/** `hookctl schema`: an event's input or output schema, or the config file schema, on stdout. */
export async function schema(event: string | undefined, options: SchemaOptions): Promise<number> {
  const { config: _config, ...common } = options;
  const { dialectId } = resolveCommon(common);
  if (options.config) {
    if (event !== undefined || options.output)
      throw new UsageError('--config prints the config file schema; drop the event name and --output');
    process.stdout.write(readConfigSchema(dialectId));
    return 0;
  }
  if (event === undefined) throw new UsageError('name an event (e.g. `hookctl schema PreToolUse`) or pass --config');
  process.stdout.write(readEventSchema(dialectId, event, options.output ? 'output' : 'input'));
  return 0;
}
