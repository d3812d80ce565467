import { stat } from 'node:fs/promises';
import type { BuiltinHook, LoadContext } from '../../kit/index.js';
import { join } from 'node:path';

/** The one line `hookctl list` prints about the built-in hooks (SPEC 3.5). */
export const BUILTIN_HOOKS_LINE =
  'built-in: memory reminder on UserPromptSubmit, save reminder on PostToolUse (active only when ~/.octo/memory/ exists)';

/** `~/.octo/memory/`: the built-in hooks are active only while it exists (SPEC 3.1 layer 4). */
export function memoryDirPath(home: string): string {
  return join(home, '.octo', 'memory');
}

/**
 * octo's two in-process hooks (SPEC 3.1 layer 4). They fold a short reminder into the model's
 * context, and exist only when the user keeps a memory directory.
 */
export async function builtinHooks(context: LoadContext): Promise<BuiltinHook[]> {
  const memoryDir = memoryDirPath(context.home);
  const exists = await stat(memoryDir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!exists) return [];
  return [
    {
      event: 'UserPromptSubmit',
      name: 'builtin:memory-reminder',
      run: () => `Memory: notes from earlier sessions are in ${memoryDir}; consult them when they may help.`,
    },
    {
      event: 'PostToolUse',
      name: 'builtin:save-reminder',
      run: () => `Reminder: if this result is worth remembering, save a note to ${memoryDir}.`,
    },
  ];
}
