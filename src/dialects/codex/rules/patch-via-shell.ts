import { createRule } from '../../../config/rule.js';
import { provenAgentText } from '../../shared/agent-versions.js';

/**
 * File edits that bypass the edit tool's hooks (docs/codex.md, issue 21, test/agents/codex):
 * `apply_patch <<'EOF'` run through exec_command reaches PreToolUse as Bash with the heredoc as
 * tool_input.command, and no PostToolUse fires for it. Only the guard is noted: a PostToolUse hook
 * blocks nothing, and no matcher there can see such a patch.
 */
const SHELL_PATCH = {
  // The proven release (src/dialects/shared/agent-versions.ts): a bump renames it.
  agent: provenAgentText('codex'),
  patchTools: ['apply_patch', 'Edit', 'Write'],
  shellTool: 'Bash',
  events: { PreToolUse: 'reaches PreToolUse as "Bash" with the patch in tool_input.command, and no PostToolUse fires for it' },
} as const satisfies { agent: string; patchTools: readonly string[]; shellTool: string; events: Readonly<Record<string, string>> };

/**
 * An edit guard that a patch applied from the shell walks around (issue 21): Codex applies
 * `apply_patch <<'EOF' … EOF` run as a shell command itself, so a PreToolUse hook on
 * `Write|Edit|apply_patch` never sees it (it arrives as Bash) and no PostToolUse fires. Info only:
 * the hook works for patch tool calls, and whether the model ever uses the heredoc form is its choice.
 */
export const patchViaShell = createRule({
  id: 'patch-via-shell',
  severity: 'info',
  description: 'an edit-tool guard (Write, Edit, apply_patch) that misses patches the agent applies from a shell heredoc',
  atLoad: false,
  messages: {
    // {{what}} says what the heredoc patch does on this event.
    missed:
      'matcher {{name}} selects file edits, but {{agent}} also applies a patch written as a shell heredoc ' +
      "(apply_patch <<'EOF'), which {{what}}; " +
      'to guard every edit, add "{{shell}}" to the matcher and look for apply_patch in the command',
  },
  check({ checked, report }) {
    const patch = SHELL_PATCH;
    const events: Readonly<Record<string, string>> = patch.events;
    for (const event of checked.declarations.events) {
      const what = events[event.name];
      if (what === undefined || event.spec?.matcherField !== 'tool_name') continue;
      for (const group of event.groups) {
        const matcher = group.compiled?.ok ? group.compiled.matcher : null;
        const entry = group.matcher?.value;
        if (matcher === null || entry?.kind !== 'scalar' || typeof entry.value !== 'string') continue;
        if (!patch.patchTools.some((tool) => matcher.test(tool)) || matcher.test(patch.shellTool)) continue;
        const data = { name: JSON.stringify(entry.value), agent: patch.agent, what, shell: patch.shellTool };
        report({ messageId: 'missed', data, pos: entry.pos });
      }
    }
  },
});
