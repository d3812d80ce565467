import { workspaceTrustAuthority } from '../../trust/workspace-trust.js';
import { copilotHookDirs } from './config-layers.js';

/**
 * Copilot CLI keeps no per-hook trust. In `-p` mode a repository's hooks load only with
 * `--trust-folder`, COPILOT_ALLOW_ALL=true or GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true; hookctl
 * sees the variables, not the flag, so a project hook without either is held back unless the
 * caller assumes workspace trust (`workspaceTrust: 'assume'`, as a `--trust-folder` run does).
 */
export const trust = workspaceTrustAuthority({
  notApplicable:
    'GitHub Copilot CLI has no per-hook trust: repository hooks load in a trusted folder (`--trust-folder` in -p mode, ' +
    'COPILOT_ALLOW_ALL=true or GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true); remove a hooks file to turn its hooks off',
  async decide(context) {
    const env = context.env;
    if (env.COPILOT_ALLOW_ALL === 'true') return { trusted: true, detail: 'COPILOT_ALLOW_ALL=true' };
    if (env.GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS === 'true')
      return { trusted: true, detail: 'GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true' };
    return { trusted: false, detail: 'repository hooks load only in a trusted folder (copilot --trust-folder)' };
  },
  watchPaths: async (context) => [`${copilotHookDirs(context).project}/`],
  exempt: (handler) => handler.source !== 'project',
});
