import { join } from 'node:path';
import type { ToolSample, ToolSamples } from '../../kit/index.js';

/**
 * A realistic call of each Claude Code built-in tool, shaped as Claude Code 2.1 sends it to hooks
 * (`tool_input` as the model wrote it, file paths absolute; `tool_response` the tool's structured
 * result, as PostToolUse carries it). Every file is under the cwd, so a path guard sees a project file.
 */
const SAMPLES: Readonly<Record<string, (cwd: string) => ToolSample>> = {
  Bash: () => ({
    input: { command: 'npm test', description: 'Run the test suite' },
    response: { stdout: 'all tests passed\n', stderr: '', interrupted: false, isImage: false },
  }),
  Write: (cwd) => {
    const file = join(cwd, 'src', 'hello.ts');
    const content = "export const hello = 'world';\n";
    return {
      input: { file_path: file, content },
      response: { type: 'create', filePath: file, content, structuredPatch: [], originalFile: null },
    };
  },
  Edit: (cwd) => {
    const file = join(cwd, 'src', 'app.ts');
    return {
      input: { file_path: file, old_string: 'const port = 3000;', new_string: 'const port = 8080;', replace_all: false },
      response: {
        filePath: file,
        oldString: 'const port = 3000;',
        newString: 'const port = 8080;',
        originalFile: 'const port = 3000;\n',
        structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-const port = 3000;', '+const port = 8080;'] }],
        userModified: false,
        replaceAll: false,
      },
    };
  },
  MultiEdit: (cwd) => {
    const file = join(cwd, 'src', 'app.ts');
    const edits = [
      { old_string: 'const port = 3000;', new_string: 'const port = 8080;' },
      { old_string: "const host = 'localhost';", new_string: "const host = '0.0.0.0';" },
    ];
    return {
      input: { file_path: file, edits },
      response: { filePath: file, edits, originalFileContents: "const port = 3000;\nconst host = 'localhost';\n", userModified: false },
    };
  },
  Read: (cwd) => {
    const file = join(cwd, 'README.md');
    return {
      input: { file_path: file },
      response: { type: 'text', file: { filePath: file, content: '# Project\n', numLines: 1, startLine: 1, totalLines: 1 } },
    };
  },
  Glob: (cwd) => ({
    input: { pattern: 'src/**/*.ts' },
    response: { filenames: [join(cwd, 'src', 'app.ts')], durationMs: 4, numFiles: 1, truncated: false },
  }),
  Grep: (cwd) => ({
    input: { pattern: 'TODO', path: join(cwd, 'src'), output_mode: 'files_with_matches' },
    response: { mode: 'files_with_matches', filenames: [join(cwd, 'src', 'app.ts')], numFiles: 1 },
  }),
  WebFetch: () => ({
    input: { url: 'https://example.com/', prompt: 'Summarise the page' },
    response: { bytes: 1256, code: 200, codeText: 'OK', result: 'An example domain page.', durationMs: 310, url: 'https://example.com/' },
  }),
  WebSearch: () => ({
    input: { query: 'node 20 release notes' },
    response: {
      query: 'node 20 release notes',
      results: [{ tool_use_id: 'srvtoolu_01', content: [{ title: 'Node.js 20', url: 'https://nodejs.org/en/blog/release/v20.0.0' }] }],
      durationSeconds: 1.2,
    },
  }),
  Agent: () => ({
    input: { description: 'Find the config loader', prompt: 'Where is the config loaded?', subagent_type: 'Explore' },
    response: {
      status: 'completed',
      prompt: 'Where is the config loaded?',
      content: [{ type: 'text', text: 'In src/config/load.ts.' }],
      totalDurationMs: 5400,
      totalTokens: 1830,
      totalToolUseCount: 3,
    },
  }),
  NotebookEdit: (cwd) => ({
    input: { notebook_path: join(cwd, 'analysis.ipynb'), cell_id: 'cell-1', new_source: 'print(1)', edit_mode: 'replace' },
    response: { new_source: 'print(1)', cell_id: 'cell-1', cell_type: 'code', language: 'python', edit_mode: 'replace', error: '' },
  }),
  TodoWrite: () => {
    const todos = [{ content: 'Write the tests', status: 'in_progress', activeForm: 'Writing the tests' }];
    return { input: { todos }, response: { oldTodos: [], newTodos: todos } };
  },
  ExitPlanMode: () => ({
    input: { plan: '1. Add the route\n2. Test it' },
    response: { plan: '1. Add the route\n2. Test it', isAgent: false },
  }),
};

export const toolSamples: ToolSamples = {
  tools: Object.keys(SAMPLES),
  responseField: 'tool_response',
  sample: (tool, { cwd }) => (Object.hasOwn(SAMPLES, tool) ? SAMPLES[tool]!(cwd) : undefined),
};
