import type { DialectManifest } from '../../kit/index.js';
import { concordance } from './concordance.js';
import { COPILOT_EVENTS } from './events.js';

/**
 * GitHub Copilot CLI's data: every `*.json` in `<cwd>/.github/hooks/` (repository hooks, loaded in
 * `-p` mode only with `--trust-folder`, COPILOT_ALLOW_ALL or GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS)
 * and in `$COPILOT_HOME/hooks/` (default `~/.copilot/hooks`).
 */
export const manifest: DialectManifest = {
  id: 'copilot',
  agentName: 'GitHub Copilot CLI',
  configDir: '.github/hooks',
  configFiles: ['hooks.json'],
  userConfigDir: '.copilot/hooks',
  userConfigDirEnv: { name: 'COPILOT_HOME', below: 'hooks' },
  extensions: ['.json'],
  repositoryFiles: [{ path: '.github/hooks/*.json' }],
  events: COPILOT_EVENTS,
  concordance,
  cli: {
    // Copilot CLI keeps no per-hook trust: a folder is trusted (`--trust-folder`) or its hooks do not load.
    trust: 'none',
    hookSwitch: false,
    exampleTools: ['bash', 'edit', 'create', 'view'],
    sessionRecords: 'session events ($COPILOT_HOME or ~/.copilot, session-state/, those started in this project)',
    agentBinary: 'copilot',
  },
};
