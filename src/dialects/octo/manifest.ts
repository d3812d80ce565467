import type { DialectManifest, ProjectWalk } from '../../kit/index.js';
import { walkRepositoryFiles } from '../../kit/layers.js';
import { concordance } from './concordance.js';
import { OCTO_EVENTS } from './events.js';

/**
 * Where octo's project hooks live (SPEC 3.1), as data the manifest, discovery, watch paths and the
 * repository scan all read: the nearest `.octo/hooks.yml` at or above the cwd (not above the git
 * root). A repository's `.octo/hooks.yaml` is scanned too: octo never reads it (SPEC 3.2), which is
 * worth a finding, not silence.
 */
export const PROJECT_WALK: ProjectWalk = {
  kind: 'walk',
  dir: '.octo',
  files: [{ name: 'hooks.yml', format: 'yaml', role: 'hooks-file' }],
  order: 'nearest',
  alsoInRepository: [{ path: '.octo/hooks.yaml' }],
};

/** octo's data (SPEC 3.1): `.octo/` holds hooks.yml (PROJECT_WALK, with its other layers in config-layers.ts). */
export const manifest: DialectManifest = {
  id: 'octo',
  configDir: PROJECT_WALK.dir,
  configFiles: PROJECT_WALK.files.map((file) => file.name),
  extensions: ['.yml', '.yaml'],
  repositoryFiles: walkRepositoryFiles(PROJECT_WALK),
  events: OCTO_EVENTS,
  concordance,
  cli: { trust: 'project-file', hookSwitch: false, exampleTools: ['terminal'] },
};
