import { formatDuration } from '../../util/format-duration.js';
import { showText } from '../../util/show-text.js';
import { snakeCaseEvent } from '../../trust/hash.js';
import type { HookListing, ListedHook, ListedHookDetail } from '../../kit/index.js';
import { BUILTIN_HOOKS_LINE } from './builtin-hooks.js';

/** SPEC 3.5's words for a project file that is not (or no longer) trusted. */
const OCTO_UNTRUSTED = 'UNTRUSTED — run octo in this repo and approve to enable';

/**
 * SPEC 3.5: env-compat hooks, user hooks, project hooks with their file's trust, then the fixed
 * built-in hooks line; one line when nothing is configured. The built-in hooks count as configured
 * while the memory directory exists (seed 001, `octo hooks list`): then that line alone is printed.
 */
export function formatOctoListing(details: readonly ListedHookDetail[], listing: Pick<HookListing, 'builtins'>): string {
  const hooks = details.map((entry) => entry.hook).filter((hook) => hook.source !== 'builtin');
  if (hooks.length === 0) return listing.builtins.length === 0 ? 'No hooks configured.\n' : `${BUILTIN_HOOKS_LINE}\n`;
  const lines: string[] = [];
  const env = hooks.filter((hook) => hook.source === 'env');
  if (env.length > 0) {
    lines.push('Environment hooks (OCTO_HOOK_*):');
    for (const hook of env) lines.push(`  ${octoHookLine(hook)} [OCTO_HOOK_${snakeCaseEvent(hook.event).toUpperCase()}]`);
  }
  for (const [file, fileHooks] of groupByFile(hooks.filter((hook) => hook.source === 'user'))) {
    lines.push(`User hooks (${file}):`);
    for (const hook of fileHooks) lines.push(`  ${octoHookLine(hook)}`);
  }
  for (const [file, fileHooks] of groupByFile(hooks.filter((hook) => hook.source === 'project'))) {
    lines.push(`Project hooks (${file}):`);
    for (const hook of fileHooks) lines.push(`  ${octoHookLine(hook)} — ${hook.trust === 'trusted' ? 'trusted' : OCTO_UNTRUSTED}`);
  }
  lines.push(BUILTIN_HOOKS_LINE);
  // Each line quotes config text: escaped, a line stays one line (SPEC 6.1.3).
  return `${lines.map((line) => showText(line)).join('\n')}\n`;
}

/** `PreToolUse: ./scripts/guard.sh (matcher: terminal, sync, timeout 5s)` */
function octoHookLine(hook: ListedHook): string {
  const traits = [...(hook.matcher === null ? [] : [`matcher: ${hook.matcher}`]), hook.mode, `timeout ${formatDuration(hook.timeoutMs)}`];
  if (hook.scripts?.untracked) traits.push(`scripts not tracked: ${hook.scripts.untracked}`);
  return `${hook.event}: ${hook.command} (${traits.join(', ')})`;
}

function groupByFile(hooks: readonly ListedHook[]): Map<string, ListedHook[]> {
  const groups = new Map<string, ListedHook[]>();
  for (const hook of hooks) {
    const file = hook.file ?? hook.source;
    groups.set(file, [...(groups.get(file) ?? []), hook]);
  }
  return groups;
}
