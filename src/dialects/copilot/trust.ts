import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { getNodeValue, parseTree } from 'jsonc-parser';
import type { TrustContext } from '../../kit/index.js';
import { workspaceTrustAuthority } from '../../trust/workspace-trust.js';
import { copilotHookDirs } from './config-layers.js';

const HOW_TO_TRUST =
  'copilot -p loads them with --trust-folder, COPILOT_ALLOW_ALL=true or GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true; ' +
  'interactive copilot asks once and records the folder in trustedFolders of ~/.copilot/config.json';

/**
 * Copilot CLI keeps no per-hook trust: a repository's hooks load in a trusted folder (1.0.102,
 * test/agents/copilot/trust.test.ts): `--trust-folder` in `-p`, COPILOT_ALLOW_ALL=true,
 * GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true, or the folder listed in `trustedFolders` of
 * `$COPILOT_HOME/config.json` (where interactive copilot records the user's answer). hookctl sees
 * the variables and the file, not the flag: a `--trust-folder` run is `workspaceTrust: 'assume'`.
 */
export const trust = workspaceTrustAuthority({
  notApplicable:
    'GitHub Copilot CLI has no per-hook trust: repository hooks load only in a trusted folder ' +
    `(${HOW_TO_TRUST}); remove a hooks file to turn its hooks off`,
  async decide(context) {
    const env = context.env;
    if (env.COPILOT_ALLOW_ALL === 'true') return { trusted: true, detail: 'COPILOT_ALLOW_ALL=true' };
    if (env.GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS === 'true')
      return { trusted: true, detail: 'GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true' };
    const config = configFile(context);
    if ((await trustedFolders(config)).includes(resolve(context.cwd)))
      return { trusted: true, detail: `listed in trustedFolders of ${config}` };
    return { trusted: false, detail: `repository hooks load only in a trusted folder: ${HOW_TO_TRUST}` };
  },
  watchPaths: async (context) => [`${copilotHookDirs(context).project}/`, configFile(context)],
  exempt: (handler) => handler.source !== 'project',
});

function configFile(context: TrustContext): string {
  return join(dirname(copilotHookDirs(context).user), 'config.json');
}

/** The folders of `trustedFolders` (the file allows comments); none when it is missing or unreadable. */
async function trustedFolders(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const tree = parseTree(text, [], { allowTrailingComma: true });
  const value: unknown = tree === undefined ? undefined : getNodeValue(tree);
  const folders = typeof value === 'object' && value !== null ? (value as { trustedFolders?: unknown }).trustedFolders : undefined;
  return Array.isArray(folders)
    ? folders.filter((folder): folder is string => typeof folder === 'string').map((folder) => resolve(folder))
    : [];
}
