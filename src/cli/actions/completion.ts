import type { Command } from 'commander';
import { DIALECT_IDS, manifestOf } from '../../dialects/registry.js';
import { completionModel, renderCompletion, type Shell } from '../completion.js';

/** `hookctl completion <shell>`: the completion script for the program, with every dialect's event names. */
export async function completion(shell: Shell, program: Command): Promise<number> {
  const events = [...new Set(DIALECT_IDS.flatMap((id) => manifestOf(id).events.map((event) => event.name)))].sort();
  process.stdout.write(renderCompletion(shell, completionModel(program, events)));
  return 0;
}
