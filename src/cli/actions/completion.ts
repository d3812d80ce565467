import type { Command } from 'commander';
import { DIALECT_IDS, manifestOf } from '../../dialects/registry.js';
import { completionModel, renderCompletion, type Shell } from '../completion.js';

/**
 * `hookctl completion <shell>`: the completion script for the program, with every dialect's event
 * names (bash: only the chosen or detected dialect's).
 */
export async function completion(shell: Shell, program: Command): Promise<number> {
  const events = [...new Set(DIALECT_IDS.flatMap((id) => manifestOf(id).events.map((event) => event.name)))].sort();
  const dialects = DIALECT_IDS.map((id) => {
    const { configDir, configFiles, events: specs } = manifestOf(id);
    return { id, events: specs.map((event) => event.name), configFiles: configFiles.map((file) => `${configDir}/${file}`) };
  });
  process.stdout.write(renderCompletion(shell, completionModel(program, events, dialects)));
  return 0;
}
