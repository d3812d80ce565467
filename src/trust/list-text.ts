import { BUILTIN_HOOKS_LINE } from '../dialects/octo/builtin-hooks.js';
import { formatTimeout } from './describe-hook.js';
import { snakeCaseEvent } from './hash.js';
import type { HookListing, ListedHook, ListedHookDetail } from './list-hooks.js';

/** SPEC 3.5's words for a project file that is not (or no longer) trusted. */
const OCTO_UNTRUSTED = 'UNTRUSTED — run octo in this repo and approve to enable';

/** The text `hookctl list` prints (stdout); warnings go to stderr separately. */
export function formatListing(listing: HookListing, details: readonly ListedHookDetail[]): string {
  return listing.dialect === 'octo' ? formatOctoListing(details) : formatLayeredListing(listing, details);
}

/**
 * SPEC 3.5: env-compat hooks, user hooks, project hooks with their file's trust, then the fixed
 * built-in hooks line; one line when nothing is configured.
 */
function formatOctoListing(details: readonly ListedHookDetail[]): string {
  const hooks = details.map((entry) => entry.hook).filter((hook) => hook.source !== 'builtin');
  if (hooks.length === 0) return 'No hooks configured.\n';
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
  return `${lines.join('\n')}\n`;
}

/** `PreToolUse: ./scripts/guard.sh (matcher: terminal, sync, timeout 5s)` */
function octoHookLine(hook: ListedHook): string {
  const traits = [...(hook.matcher === null ? [] : [`matcher: ${hook.matcher}`]), hook.mode, `timeout ${formatTimeout(hook.timeoutMs)}`];
  return `${hook.event}: ${hook.command} (${traits.join(', ')})`;
}

/** openinterpreter: every layer in order, one block per hook with its trust and what to do about it. */
function formatLayeredListing(listing: HookListing, details: readonly ListedHookDetail[]): string {
  if (!listing.enabled) return 'Hooks are disabled ([features] hooks = false); nothing is discovered or run.\n';
  if (details.length === 0) return 'No hooks configured.\n';
  const lines: string[] = [];
  let layer: string | null = null;
  for (const { hook, detail } of details) {
    if (hook.source !== layer) {
      layer = hook.source;
      lines.push(`${layer} hooks:`);
    }
    const matcher = hook.matcher === null ? '' : ` [${hook.matcher}]`;
    lines.push(`  ${hook.id} — ${hook.event}${matcher}, ${hook.mode}, timeout ${formatTimeout(hook.timeoutMs)} — ${statusText(hook, detail)}`);
    lines.push(`    command: ${hook.command}`);
    if (hook.file !== null) lines.push(`    at: ${hook.file}${hook.line === null ? '' : `:${hook.line}`}`);
  }
  // Review cannot make a managed-only or disabled hook run, so only the others are waiting for it.
  const pending = listing.hooks.filter((hook) => hook.skipReason === 'untrusted' || hook.skipReason === 'modified').length;
  if (pending > 0) {
    lines.push(`${pending} hook${pending === 1 ? '' : 's'} will not run until reviewed: run \`hookctl trust\` to review.`);
  }
  return `${lines.join('\n')}\n`;
}

/** `trusted`, `modified (script changed: …), disabled`, or `managed-only (…)` when trust cannot matter. */
function statusText(hook: ListedHook, detail: string | null): string {
  if (hook.skipReason === 'managed-only') return 'managed-only (held back by the managed requirements file: it never runs)';
  const trust = detail === null ? hook.trust : `${hook.trust} (${detail})`;
  return `${trust}${hook.enabled ? '' : ', disabled'}`;
}

function groupByFile(hooks: readonly ListedHook[]): Map<string, ListedHook[]> {
  const groups = new Map<string, ListedHook[]>();
  for (const hook of hooks) {
    const file = hook.file ?? hook.source;
    groups.set(file, [...(groups.get(file) ?? []), hook]);
  }
  return groups;
}
