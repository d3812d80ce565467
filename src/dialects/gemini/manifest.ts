import type { DialectManifest, ProjectWalk } from '../../kit/index.js';
import { walkRepositoryFiles } from '../../kit/layers.js';
import { concordance } from './concordance.js';
import { GEMINI_EVENTS } from './events.js';

/**
 * The workspace layer (settings.ts): `.gemini/settings.json` of the directory Gemini CLI starts in,
 * and of no directory above it; settings files are JSON with comments. The manifest, discovery,
 * watch paths and the repository scan read it (its other layers: config-layers.ts).
 */
export const WORKSPACE: ProjectWalk = {
  kind: 'walk',
  dir: '.gemini',
  files: [{ name: 'settings.json', format: 'jsonc', role: 'inline-config' }],
  order: 'cwd',
};

/**
 * Gemini CLI's data: hooks live under `hooks` in `.gemini/settings.json` (workspace), the same file
 * in the user dir (`$GEMINI_CLI_HOME/.gemini`, else `~/.gemini`), the system files, and each
 * extension's `gemini-extension.json` or `hooks/hooks.json`.
 */
export const manifest: DialectManifest = {
  id: 'gemini',
  agentName: 'Gemini CLI',
  configDir: WORKSPACE.dir,
  configFiles: WORKSPACE.files.map((file) => file.name),
  extensions: ['.json'],
  // An extension's hooks file counts in its own repository, beside its manifest (the extension layer's).
  repositoryFiles: [...walkRepositoryFiles(WORKSPACE), { path: 'hooks/hooks.json', markers: ['gemini-extension.json'] }],
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
