import type { DialectManifest } from '../../kit/index.js';
import { concordance } from './concordance.js';
import { OCTO_EVENTS } from './events.js';

/**
 * octo's data (SPEC 3.1): `.octo/` holds hooks.yml. A repository's `.octo/hooks.yaml` is linted too:
 * octo never reads it (SPEC 3.2), which is worth a finding, not silence.
 */
export const manifest: DialectManifest = {
  id: 'octo',
  configDir: '.octo',
  configFiles: ['hooks.yml'],
  extensions: ['.yml', '.yaml'],
  repositoryFiles: [{ path: '.octo/hooks.yml' }, { path: '.octo/hooks.yaml' }],
  events: OCTO_EVENTS,
  concordance,
  cli: { trust: 'project-file', hookSwitch: false, exampleTools: ['terminal'] },
};
