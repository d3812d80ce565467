import type { DialectManifest, ProjectWalk } from '../../kit/index.js';
import { OPENINTERPRETER_EVENTS } from './events.js';

/** Where the managed requirements file sits unless `--managed` moves it (SPEC 2.1). */
export const DEFAULT_MANAGED_CONFIG = '/etc/openinterpreter/requirements.toml';

/**
 * The project layers (SPEC 2.1), as data the manifest, discovery, watch paths and the repository
 * scan all read: each `.openinterpreter/` from the project root down to the cwd, hooks.json then
 * config.toml in each.
 */
export const PROJECT_WALK: ProjectWalk = {
  kind: 'walk',
  dir: '.openinterpreter',
  files: [
    { name: 'hooks.json', format: 'json', role: 'hooks-file' },
    { name: 'config.toml', format: 'toml', role: 'inline-config' },
  ],
  order: 'root-down',
};

/** openinterpreter's data (SPEC 2.1): `.openinterpreter/` holds hooks.json and config.toml (PROJECT_WALK; see config-layers.ts). */
export const manifest: DialectManifest = {
  id: 'openinterpreter',
  configDir: PROJECT_WALK.dir,
  configFiles: PROJECT_WALK.files.map((file) => file.name),
  extensions: ['.json', '.toml'],
  events: OPENINTERPRETER_EVENTS,
  cli: {
    managedFile: { name: 'requirements.toml', defaultPath: DEFAULT_MANAGED_CONFIG },
    trust: 'per-hook',
    hookSwitch: true,
  },
};
