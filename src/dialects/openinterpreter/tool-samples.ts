import type { ToolSamples } from '../../kit/index.js';
import { toolSamples as codexToolSamples } from '../codex/tool-samples.js';

/**
 * openinterpreter reports tools the way Codex does (SPEC 2.4: `Bash` with `{command}`, apply_patch
 * with the patch text as `command`), so it offers Codex's samples; only `exec_command` and `shell`
 * are the names it reports as `Bash` (Codex's newer shell tools are not in the seed).
 */
export const toolSamples: ToolSamples = {
  ...codexToolSamples,
  payloadNames: { exec_command: 'Bash', shell: 'Bash' },
};
