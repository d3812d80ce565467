import type { DialectManifest } from '../../kit/index.js';
import { concordance } from './concordance.js';
import { GEMINI_EVENTS } from './events.js';

/**
 * Gemini CLI's data: hooks live under `hooks` in `.gemini/settings.json` (workspace), the same file
 * in the user dir (`$GEMINI_CLI_HOME/.gemini`, else `~/.gemini`), the system files, and each
 * extension's `gemini-extension.json` or `hooks/hooks.json`.
 */
export const manifest: DialectManifest = {
  id: 'gemini',
  agentName: 'Gemini CLI',
  configDir: '.gemini',
  configFiles: ['settings.json'],
  extensions: ['.json'],
  repositoryFiles: [{ path: '.gemini/settings.json' }, { path: 'hooks/hooks.json', markers: ['gemini-extension.json'] }],
  events: GEMINI_EVENTS,
  concordance,
  cli: {
    managedFile: { name: 'settings.json', defaultPath: '/etc/gemini-cli/settings.json', note: 'the system settings' },
    // Per hook, but as Gemini keeps it: trust only silences the "new project hook" announcement.
    trust: 'per-hook',
    hookSwitch: false,
    switchOffKey: 'hooksConfig.disabled',
    exampleTools: ['run_shell_command', 'replace', 'write_file'],
    // trustedHooks.ts only silences the announcement: hookRegistry.ts runs a project hook it has not recorded.
    untrustEffect: 'Gemini CLI still runs an untrusted project hook and announces it again at its next start',
    // folder-trust.ts: no settings hook runs in a folder Gemini does not trust; its trust dialog writes this rule.
    projectTrust: '"<folder>": "TRUST_FOLDER" in ~/.gemini/trustedFolders.json',
  },
};
