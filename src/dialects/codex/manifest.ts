import type { DialectManifest } from '../../kit/index.js';
import { concordance } from './concordance.js';
import { CODEX_EVENTS } from './events.js';

/**
 * codex's data (SPEC-dialects 9.1): `.codex/` holds hooks.json and config.toml, in the project and
 * in the user's Codex home, which `$CODEX_HOME` moves (codex-rs/utils/home-dir/src/lib.rs).
 */
export const manifest: DialectManifest = {
  id: 'codex',
  agentName: 'OpenAI Codex',
  configDir: '.codex',
  configFiles: ['hooks.json', 'config.toml'],
  extensions: ['.json', '.toml'],
  userConfigDirEnv: 'CODEX_HOME',
  // A plugin's hooks file counts beside its Codex manifest (codex-rs/core-plugins/src/loader.rs).
  repositoryFiles: [
    { path: '.codex/hooks.json' },
    { path: '.codex/config.toml' },
    { path: 'hooks/hooks.json', markers: ['.codex-plugin/plugin.json'] },
    // …or, when its manifest's `hooks` names hooks files or holds them inline, those instead (manifest.rs).
    { path: '.codex-plugin/plugin.json' },
  ],
  events: CODEX_EVENTS,
  concordance,
  cli: {
    managedFile: {
      name: 'requirements.toml',
      defaultPath: '/etc/codex/requirements.toml',
      note: 'the other managed files are read beside it',
    },
    trust: 'per-hook',
    hookSwitch: true,
    exampleTools: ['apply_patch'],
    sessionFlags: [
      {
        name: 'config',
        placeholder: 'key=value',
        value: 'text',
        repeatable: true,
        help: "override a config value for this session, as the agent's `-c` does (TOML value; repeatable)",
        engineOption: 'configOverrides',
      },
    ],
    agentBinary: 'codex',
    sessionRecords: 'rollouts ($CODEX_HOME or ~/.codex, sessions/, those started in this project)',
    projectTrust: '[projects."<path>"] trust_level = "trusted" in the user config.toml',
  },
};
