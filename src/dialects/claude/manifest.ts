import type { DialectManifest } from '../../kit/index.js';
import { CLAUDE_EVENTS } from './events.js';

/**
 * claude's data (SPEC-dialects 8.1): `.claude/` holds settings.json and settings.local.json. Its
 * files are JSON, which openinterpreter (earlier in the registry) claims by extension alone.
 */
export const manifest: DialectManifest = {
  id: 'claude',
  configDir: '.claude',
  configFiles: ['settings.json', 'settings.local.json'],
  extensions: ['.json'],
  userConfigDirEnv: 'CLAUDE_CONFIG_DIR',
  events: CLAUDE_EVENTS,
};
