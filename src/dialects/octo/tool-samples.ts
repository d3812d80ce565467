import type { ToolSamples } from '../../kit/index.js';

/**
 * octo's terminal tool, the one SPEC 3 names (`tool_output` is the result text). Other octo tools
 * are not documented, so they get no sample: `--tool <name>` then sends `tool_input: {}` with a warning.
 */
export const toolSamples: ToolSamples = {
  tools: ['terminal'],
  responseField: 'tool_output',
  sample: (tool) => (tool === 'terminal' ? { input: { command: 'npm test' }, response: 'all tests passed\n' } : undefined),
};
