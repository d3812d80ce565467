import type { DialectConcordance } from '../../kit/index.js';
import { CODEX_EVENTS } from './events.js';

/**
 * Codex's row of the cross-agent concordance: its events carry the canonical names; its hooks see
 * every exec tool as `Bash` with `{command}`, file changes as `apply_patch` (the patch text in
 * `command`; a matcher's `Edit` or `Write` also selects it) and subagents as `spawn_agent` (also
 * matched as `Agent`) — codex-rs/core/src/tools/hook_names.rs, 0.169.0. So there is no write or edit
 * tool to translate a `file_path` case onto: only shell and patch carry a guard's input.
 */
export const concordance: DialectConcordance = {
  agent: 'Codex',
  events: Object.fromEntries(CODEX_EVENTS.map((event) => [event.name, event.name])),
  tools: {
    shell: 'Bash',
    edit: ['apply_patch', 'Edit'],
    write: ['apply_patch', 'Write'],
    agent: ['spawn_agent', 'Agent'],
    patch: 'apply_patch',
  },
  // The model calls its exec tool `shell`; configs written from the model's tool list carry it.
  otherNames: { shell: { tool: 'shell', who: "Codex's model (its hooks see Bash)" } },
  inputs: { shell: 'command', patch: 'command' },
  // Codex always sends turn_id; the agents sharing its event names (Claude Code's PreToolUse) do not.
  marker: 'turn_id',
};
