import type { DialectManifest } from '../../kit/index.js';
import { OPENINTERPRETER_EVENTS } from './events.js';

/** openinterpreter's data (SPEC 2.1): `.openinterpreter/` holds hooks.json and config.toml. */
export const manifest: DialectManifest = {
  id: 'openinterpreter',
  configDir: '.openinterpreter',
  configFiles: ['hooks.json', 'config.toml'],
  extensions: ['.json', '.toml'],
  events: OPENINTERPRETER_EVENTS,
  cli: {
    managedFile: { name: 'requirements.toml', defaultPath: '/etc/openinterpreter/requirements.toml' },
    trust: 'per-hook',
    hookSwitch: true,
  },
};
