import type { Dialect } from '../kit/index.js';
import { formatDuration } from '../util/format-duration.js';
import { showText } from '../util/show-text.js';
import type { HookListing, ListedHook, ListedHookDetail } from '../kit/index.js';

/**
 * The text `hookctl list` prints (stdout); warnings go to stderr separately. A dialect with a
 * listing layout of its own (octo's SPEC 3.5 text) formats it; others get the layered one.
 */
export function formatListing(dialect: Pick<Dialect, 'formatListing'>, listing: HookListing, details: readonly ListedHookDetail[]): string {
  const hooks = dialect.formatListing ? dialect.formatListing(details, listing) : formatLayeredListing(listing, details);
  return hooks + formatListedSettings(listing);
}

/**
 * The merged list settings in force, each value with the files that listed it (claude
 * `httpHookAllowedEnvVars`): a block after the hooks, or nothing when no layer sets one.
 * Values and paths are config text: escaped like every other line of a listing.
 */
export function formatListedSettings(listing: Pick<HookListing, 'settings'>): string {
  const lines: string[] = [];
  for (const setting of listing.settings ?? []) {
    lines.push(`${setting.key} (${setting.meaning}; ${setting.merge}):`);
    if (setting.values.length === 0) lines.push('  (none)');
    for (const { value, files } of setting.values) lines.push(`  ${value} — from ${files.join(', ')}`);
  }
  return lines.map((line) => `${showText(line)}\n`).join('');
}

/** Every layer in order, one block per hook with its trust and what to do about it. */
function formatLayeredListing(listing: HookListing, details: readonly ListedHookDetail[]): string {
  const off = listing.switchedOff;
  // Hooks a switch turned off are listed (never run) after the ones that can run.
  const runnable = details.filter(({ hook }) => !hook.listedOnly).length;
  const offLine =
    off === null
      ? null
      : off.setting !== undefined && off.scope === 'all'
        ? `Hooks are disabled by ${off.setting} in ${off.file}:${off.line}; no hook is discovered or run.`
        : off.scope === 'all'
          ? `Hooks are disabled by [features] hooks = false in the managed requirements file ${off.file}:${off.line}; ` +
            'no hook is discovered or run, managed ones included.'
          : `user, project and plugin hooks are off: [features] hooks = false in ${off.file}:${off.line} ` +
            (runnable === 0
              ? '(there are no managed hooks, so nothing runs).'
              : '(managed hooks still run: only the managed requirements file can turn them off).');
  if (details.length === 0) return `${offLine ?? 'No hooks configured.'}\n`;
  const lines: string[] = [];
  let layer: string | null = null;
  for (const { hook, detail } of details) {
    if (hook.source !== layer) {
      layer = hook.source;
      lines.push(`${layer} hooks:`);
    }
    const matcher = hook.matcher === null ? '' : ` [${hook.matcher}]`;
    lines.push(
      `  ${hook.id} — ${hook.event}${matcher}, ${hook.mode}, timeout ${formatDuration(hook.timeoutMs)} — ${statusText(hook, detail)}`,
    );
    lines.push(`    command: ${hook.command}`);
    if (hook.workingDir !== undefined) lines.push(`    runs in: ${hook.workingDir}`);
    if (hook.scripts?.untracked) lines.push(`    scripts not tracked: ${hook.scripts.untracked}; an edit to what it runs is not noticed`);
    if (hook.file !== null) lines.push(`    at: ${hook.file}${hook.line === null ? '' : `:${hook.line}`}`);
  }
  // Review cannot make a managed-only or disabled hook run, so only the others are waiting for it.
  if (offLine !== null) lines.push(offLine);
  const pending = listing.hooks.filter((hook) => hook.skipReason === 'untrusted' || hook.skipReason === 'modified').length;
  if (pending > 0) {
    lines.push(`${pending} hook${pending === 1 ? '' : 's'} will not run until reviewed: run \`hookctl trust\` to review.`);
  }
  // Each line quotes config text (ids, matchers, commands, paths): escaped, a line stays one line.
  return `${lines.map((line) => showText(line)).join('\n')}\n`;
}

/** `trusted`, `modified (script changed: …), disabled`, or `managed-only (…)` when trust cannot matter. */
function statusText(hook: ListedHook, detail: string | null): string {
  // A configuration switch, not the hook's trust, keeps it from running (`[features] hooks = false`).
  if (hook.skipReason === 'disabled' && hook.skipDetail !== null) return `off (${hook.skipDetail})`;
  if (hook.skipReason === 'managed-only') return 'managed-only (held back by the managed requirements file: it never runs)';
  // The agent loads nothing from a project its user has not trusted; the hook's own trust cannot change that.
  if (hook.skipReason === 'workspace-untrusted') return `untrusted-project (${hook.skipDetail ?? 'the project is not trusted'})`;
  const trust = detail === null ? hook.trust : `${hook.trust} (${detail})`;
  return `${trust}${hook.enabled ? '' : ', disabled'}`;
}
