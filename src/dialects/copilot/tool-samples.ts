import { join } from 'node:path';
import type { ToolSamples } from '../../kit/index.js';

/**
 * Calls of Copilot CLI's common tools as the camelCase tool events carry them (`toolArgs`; tool names
 * as 1.0.102 offers them to the model: `bash`, `view`, `create`, `edit`, `grep`, `glob`).
 * Only `bash` is checked against the binary; the other argument names are from its tool list.
 */
export const toolSamples: ToolSamples = {
  tools: ['bash', 'view', 'create', 'edit', 'grep', 'glob'],
  responseField: 'toolResult',
  callFields: { name: 'toolName', input: 'toolArgs' },
  sample(tool, context) {
    const file = join(context.cwd, 'src', 'index.ts');
    const result = (text: string) => ({ resultType: 'success', textResultForLlm: text });
    switch (tool) {
      case 'bash':
        return { input: { command: 'npm test', description: 'Run the tests' }, response: result('all tests passed\n') };
      case 'view':
        return { input: { path: file }, response: result('1. export {};\n') };
      case 'create':
        return { input: { path: file, file_text: 'export {};\n' }, response: result(`Created file ${file}`) };
      case 'edit':
        return { input: { path: file, old_str: 'const a = 1;', new_str: 'const a = 2;' }, response: result(`File ${file} updated`) };
      case 'grep':
        return { input: { pattern: 'TODO' }, response: result('No matches found.') };
      case 'glob':
        return { input: { pattern: 'src/**/*.ts' }, response: result(file) };
      default:
        return undefined;
    }
  },
};
