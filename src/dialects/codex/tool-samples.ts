import type { ToolSample, ToolSamples } from '../../kit/index.js';

/**
 * A realistic call of each tool Codex names in a hook payload (SPEC-dialects 9.3: every shell and
 * exec tool is sent as `Bash` with `{command}`, apply_patch with the patch text as `command`,
 * spawn_agent with its arguments). Patch paths are relative to the cwd, as Codex writes them.
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

/** The model-facing names Codex reports as `Bash` (cx core/src/tools/hook_names.rs). */
const SHELL_TOOLS = ['exec_command', 'shell', 'shell_command', 'unified_exec'];

export const toolSamples: ToolSamples = {
  tools: Object.keys(SAMPLES),
  responseField: 'tool_response',
  payloadNames: Object.fromEntries(SHELL_TOOLS.map((name) => [name, 'Bash'])),
  sample: (tool) => (Object.hasOwn(SAMPLES, tool) ? SAMPLES[tool]!() : undefined),
};
