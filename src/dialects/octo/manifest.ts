import type { DialectManifest } from '../../kit/index.js';
import { OCTO_EVENTS } from './events.js';

/** octo's data (SPEC 3.1): `.octo/` holds hooks.yml. */
export const manifest: DialectManifest = {
  id: 'octo',
  configDir: '.octo',
  configFiles: ['hooks.yml'],
  extensions: ['.yml', '.yaml'],
  events: OCTO_EVENTS,
};
