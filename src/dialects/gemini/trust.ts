import { UsageError } from '../../errors.js';
import type { HandlerRecord, HandlerTrust, TrustAuthority, TrustContext } from '../../kit/index.js';
import { folderTrust } from './folder-trust.js';
import { geminiPaths } from './paths.js';

/** What `hookctl trust`, `untrust`, `enable` and `disable` say for gemini instead of acting. */
export const NO_PER_HOOK_TRUST =
  'Gemini CLI has no per-hook trust: it runs the settings hooks of a trusted folder (trust it in Gemini CLI, ' +
  'or in ~/.gemini/trustedFolders.json) and announces new project hooks once; turn a hook off with ' +
  "hooksConfig.disabled (or `gemini hooks disable`); hookctl never writes Gemini CLI's files";

/**
 * gemini trust (hookRegistry.ts processHooksFromConfig): in a folder that is not trusted no hook of
 * any settings file runs, the user's and the system's included (the merged settings are dropped as
 * a whole); extension hooks still run. There is no per-hook trust: new project hooks are announced
 * and then trusted by Gemini itself.
 */
export const trust: TrustAuthority = {
  async evaluate(handlers: readonly HandlerRecord[], context: TrustContext): Promise<HandlerTrust[]> {
    const needs = handlers.some((handler) => handler.source !== 'plugin' && handler.source !== 'builtin');
    const assume = context.workspaceTrust === 'assume';
    const folder = needs && !assume ? await folderTrust(context, await folderTrustOff(context)) : null;
    const trusted = folder === null || folder.trusted;
    const detail = folder === null ? null : `folder ${folder.trusted ? 'trusted' : 'not trusted'}: ${folder.detail}`;
    return handlers.map((handler) => {
      if (handler.source === 'plugin' || handler.source === 'builtin')
        return { status: 'trusted', enabled: true, hash: null, detail: null };
      if (trusted) return { status: 'workspace-trusted', enabled: true, hash: null, detail };
      return { status: 'workspace-untrusted', enabled: true, hash: null, detail, gate: 'workspace-untrusted' };
    });
  },
  async watchPaths(_handlers, context) {
    const paths = geminiPaths(context);
    return [paths.trustedFolders, paths.userSettings, paths.systemSettings];
  },
  notApplicable: NO_PER_HOOK_TRUST,
  async units() {
    throw new UsageError(NO_PER_HOOK_TRUST);
  },
  async trust() {
    throw new UsageError(NO_PER_HOOK_TRUST);
  },
  async untrust() {
    throw new UsageError(NO_PER_HOOK_TRUST);
  },
  async setEnabled() {
    throw new UsageError(NO_PER_HOOK_TRUST);
  },
};

/** `security.folderTrust.enabled: false` in the user or system settings (read the way the loader reads it). */
async function folderTrustOff(context: TrustContext): Promise<boolean> {
  const { discoverGeminiFiles } = await import('./config-layers.js');
  const { geminiHookSettings } = await import('./hook-settings.js');
  return geminiHookSettings(await discoverGeminiFiles(context), false).folderTrustOff;
}
