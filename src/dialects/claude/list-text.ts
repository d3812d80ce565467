import type { HookListing, ListedHook, ListedHookDetail } from '../../kit/index.js';
import { formatDuration } from '../../util/format-duration.js';
import { showText } from '../../util/show-text.js';

const SKIP_WORDS: Readonly<Record<string, string>> = {
  'not-runnable': 'not run by hookctl',
  'url-not-allowed': 'URL not allowed',
  disabled: 'turned off',
  'managed-only': 'held back by managed settings',
  'workspace-untrusted': 'held back until the folder is trusted',
};

/**
 * `hookctl list --dialect claude`: every hook by layer (managed, user, project, local, flag,
 * plugin), with its type, the `if` filter, the workspace trust status and, for a hook that never
 * runs as configured, why (SPEC-dialects 8.8).
 */
export function formatClaudeListing(details: readonly ListedHookDetail[], listing: HookListing): string {
  if (!listing.enabled) return 'Hooks are off: disableAllHooks is true in managed settings; no hook runs.\n';
  if (details.length === 0) return 'No hooks configured.\n';
  const lines: string[] = [];
  let layer: string | null = null;
  for (const { hook, detail } of details) {
    // Skill and subagent hooks come last (listHooks), under headings of their own: they never run here.
    const heading = hook.listedOnly
      ? `${hook.source} skill and subagent hooks (active only while that skill or subagent runs; never dispatched by hookctl):`
      : `${hook.source} hooks:`;
    if (heading !== layer) {
      layer = heading;
      lines.push(heading);
    }
    const matcher = hook.matcher === null ? '' : ` [${hook.matcher}]`;
    const condition = hook.condition === null ? '' : ` if ${hook.condition}`;
    const summary = `${hook.event}${matcher}${condition}, ${hook.handlerType}, ${hook.mode}, timeout ${formatDuration(hook.timeoutMs)}`;
    lines.push(`  ${hook.id} — ${summary} — ${status(hook, detail)}`);
    const commandLabel =
      hook.handlerType === 'http'
        ? 'url'
        : hook.handlerType === 'command'
          ? 'command'
          : hook.handlerType === 'mcp_tool'
            ? 'tool'
            : 'prompt';
    lines.push(`    ${commandLabel}: ${hook.command}`);
    if (hook.file !== null) lines.push(`    at: ${hook.file}${hook.line === null ? '' : `:${hook.line}`}`);
  }
  const held = listing.hooks.filter((hook) => hook.skipReason === 'workspace-untrusted').length;
  if (held > 0) {
    lines.push(
      `${held} hook${held === 1 ? '' : 's'} will not run until the folder is trusted: ` +
        'accept the workspace trust dialog in Claude Code (`hookctl dry-run --dangerously-bypass-hook-trust` takes the folder as trusted).',
    );
  }
  // Each line quotes config text (ids, matchers, `if`, commands, paths): escaped, a line stays one line (SPEC 6.1.3).
  return `${lines.map((line) => showText(line)).join('\n')}\n`;
}

function status(hook: ListedHook, detail: string | null): string {
  const trust = hook.trust;
  if (hook.listedOnly) return `${trust} (${hook.skipDetail})`;
  if (hook.skipReason === null || hook.skipReason === 'workspace-untrusted') return detail === null ? trust : `${trust} (${detail})`;
  const why = hook.skipDetail ?? SKIP_WORDS[hook.skipReason] ?? hook.skipReason;
  return `${trust}, never runs: ${hook.skipReason} (${why})`;
}
