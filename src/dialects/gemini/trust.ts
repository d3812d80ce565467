import { UsageError } from '../../errors.js';
import type { HandlerRecord, HandlerTrust, TrustAuthority, TrustContext, TrustUnit } from '../../kit/index.js';
import { describeHook } from '../../trust/describe-hook.js';
import { folderTrust } from './folder-trust.js';
import { hookKey, isAnnounced, projectKey, readKnownHooks, updateKnownHooks } from './known-hooks.js';
import { geminiPaths } from './paths.js';

/** What `hookctl enable` and `disable` say for gemini instead of acting. */
export const NO_HOOK_SWITCH =
  'Gemini CLI has no per-hook switch hookctl writes: turn a hook off with hooksConfig.disabled in its settings ' +
  '(or `gemini hooks disable <name>`), an extension with `gemini extensions disable <name>`';

/** The `detail` of a workspace hook Gemini has not announced yet in this project. */
const NEW_HOOK = 'new to Gemini CLI: it announces this project hook once, then records it';

/** The `notice` of that hook, which a dry-run prints beside its run: the announcement does not hold it back. */
const ANNOUNCED =
  'new to Gemini CLI: at its next start it announces this project hook, runs it anyway and records it; ' +
  '`hookctl trust` records it as reviewed';

/**
 * gemini trust (hookRegistry.ts processHooksFromConfig): in a folder that is not trusted no hook of
 * any settings file runs, the user's and the system's included (the merged settings are dropped as
 * a whole); extension hooks still run. Trust is the folder's; per hook Gemini only keeps which
 * workspace hooks it has announced (trustedHooks.ts): a new one is announced once, run, and
 * recorded. `hookctl trust` records a reviewed workspace hook there, so Gemini does not announce it.
 */
export const trust: TrustAuthority = {
  async evaluate(handlers: readonly HandlerRecord[], context: TrustContext): Promise<HandlerTrust[]> {
    const needs = handlers.some((handler) => handler.source !== 'plugin' && handler.source !== 'builtin');
    const assume = context.workspaceTrust === 'assume';
    const folder = needs && !assume ? await folderTrust(context, await folderTrustOff(context)) : null;
    const trusted = folder === null || folder.trusted;
    const detail = folder === null ? null : `folder ${folder.trusted ? 'trusted' : 'not trusted'}: ${folder.detail}`;
    const known = handlers.some((handler) => handler.source === 'project') ? readKnownHooks(geminiPaths(context).trustedHooks) : {};
    const project = projectKey(context.projectDir);
    return handlers.map((handler) => {
      if (handler.source === 'plugin' || handler.source === 'builtin')
        return { status: 'trusted', enabled: true, hash: null, detail: null };
      if (!trusted) return { status: 'workspace-untrusted', enabled: true, hash: null, detail, gate: 'workspace-untrusted' };
      // Gemini checks for new workspace hooks only in a trusted folder, as it runs them.
      const announced = handler.source === 'project' && isAnnounced(known, project, handler);
      return {
        status: 'workspace-trusted',
        enabled: true,
        hash: null,
        detail: announced ? NEW_HOOK : detail,
        // The announcement is what Gemini does about it at its next start: a dry-run says so beside the run.
        ...(announced ? { notice: ANNOUNCED } : {}),
      };
    });
  },
  async watchPaths(_handlers, context) {
    const paths = geminiPaths(context);
    return [paths.trustedFolders, paths.userSettings, paths.systemSettings, paths.trustedHooks];
  },
  /** One unit per workspace hook key (the same key twice is one decision); other layers need none. */
  async units(selected, _all, context) {
    const known = readKnownHooks(geminiPaths(context).trustedHooks);
    const project = projectKey(context.projectDir);
    const byKey = new Map<string, HandlerRecord[]>();
    for (const handler of selected.filter((candidate) => candidate.source === 'project'))
      byKey.set(hookKey(handler), [...(byKey.get(hookKey(handler)) ?? []), handler]);
    return [...byKey].map(([key, handlers]): TrustUnit => {
      const first = handlers[0]!;
      return {
        label: `hook ${first.name ?? first.id}`,
        status: isAnnounced(known, project, first) ? 'untrusted' : 'trusted',
        handlers,
        hash: key,
        replaces: null,
        scripts: {},
        review: [...describeHook(first), `key:      ${key} (recorded for ${project} in ${geminiPaths(context).trustedHooks})`],
      };
    });
  },
  async trust(units, context) {
    await record(units, context, true);
  },
  async untrust(units, context) {
    await record(units, context, false);
  },
  async setEnabled() {
    throw new UsageError(NO_HOOK_SWITCH);
  },
  async projectGate(handlers, context) {
    if (context.workspaceTrust === 'assume') return null;
    const { geminiProjectGate } = await import('./project-gate.js');
    return geminiProjectGate(handlers, context, await folderTrustOff(context));
  },
  async trustProject(gate) {
    await (await import('./project-gate.js')).trustGeminiProject(gate);
  },
};

/** Adds or removes the units' keys under the project root in trusted_hooks.json. */
async function record(units: readonly TrustUnit[], context: TrustContext, add: boolean): Promise<void> {
  if (units.length === 0) return;
  const keys = units.map((unit) => unit.hash);
  await updateKnownHooks(geminiPaths(context).trustedHooks, projectKey(context.projectDir), keys, add);
}

/** `security.folderTrust.enabled: false` in the user or system settings (read the way the loader reads it). */
async function folderTrustOff(context: TrustContext): Promise<boolean> {
  const { discoverLayers } = await import('../../config/load-declaration.js');
  const { LAYERS } = await import('./config-layers.js');
  const { geminiHookSettings } = await import('./hook-settings.js');
  return geminiHookSettings((await discoverLayers(LAYERS, context)).files, false).folderTrustOff;
}
