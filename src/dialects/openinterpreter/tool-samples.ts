import type { ToolSample, ToolSamples } from '../../kit/index.js';

/**
 * A realistic call of each tool openinterpreter names in a hook payload (SPEC 2.4; it reports tools
 * the way Codex does: `Bash` with `{command}`, apply_patch with the patch text as `command`).
 */
const PATCH = [
  '*** Begin Patch',
  '*** Update File: src/app.ts',
  '@@',
  '-const port = 3000;',
  '+const port = 8080;',
  '*** End Patch',
  '',
].join('\n');

const SAMPLES: Readonly<Record<string, () => ToolSample>> = {
  Bash: () => ({ input: { command: 'npm test' }, response: { output: 'all tests passed\n', exit_code: 0 } }),
  apply_patch: () => ({
    input: { command: PATCH },
    response: { output: 'Success. Updated the following files:\nM src/app.ts\n', exit_code: 0 },
  }),
  spawn_agent: () => ({ input: { message: 'Find where the config is loaded' }, response: { output: 'In src/config/load.ts.' } }),
};

export const toolSamples: ToolSamples = {
  tools: Object.keys(SAMPLES),
  responseField: 'tool_response',
  payloadNames: { exec_command: 'Bash', shell: 'Bash' },
  sample: (tool) => (Object.hasOwn(SAMPLES, tool) ? SAMPLES[tool]!() : undefined),
};
