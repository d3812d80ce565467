import { join } from 'node:path';
import type { ToolSamples } from '../../kit/index.js';

/**
 * Calls of Gemini CLI's common tools as BeforeTool and AfterTool payloads carry them (argument names
 * from @google/gemini-cli-core 0.61.0's tool schemas; `tool_response` is the tool result: `llmContent`,
 * `returnDisplay`).
 */
export const toolSamples: ToolSamples = {
  tools: ['run_shell_command', 'replace', 'write_file', 'read_file', 'glob', 'grep_search', 'web_fetch'],
  responseField: 'tool_response',
  sample(tool, context) {
    const file = join(context.cwd, 'src', 'index.ts');
    const response = (text: string) => ({ llmContent: text, returnDisplay: text });
    switch (tool) {
      case 'run_shell_command':
        return { input: { command: 'npm test', description: 'Run the tests' }, response: response('all tests passed\n') };
      case 'replace':
        return {
          input: { file_path: file, old_string: 'const a = 1;', new_string: 'const a = 2;', instruction: 'Set a to 2' },
          response: response(`Successfully modified file: ${file} (1 replacements).`),
        };
      case 'write_file':
        return {
          input: { file_path: file, content: 'export {};\n' },
          response: response(`Successfully created and wrote to new file: ${file}.`),
        };
      case 'read_file':
        return { input: { file_path: file }, response: response('export {};\n') };
      case 'glob':
        return { input: { pattern: 'src/**/*.ts' }, response: response(`Found 1 file(s) matching "src/**/*.ts":\n${file}`) };
      case 'grep_search':
        return { input: { pattern: 'TODO', dir_path: 'src' }, response: response('No matches found') };
      case 'web_fetch':
        return { input: { prompt: 'Summarise https://example.com' }, response: response('Example Domain') };
      default:
        return undefined;
    }
  },
};
