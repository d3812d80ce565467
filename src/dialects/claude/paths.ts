import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LoadContext } from '../../kit/index.js';

/** cc managed §Settings files: the Linux and WSL location (macOS uses /Library/Application Support/ClaudeCode/). */
export const DEFAULT_MANAGED_SETTINGS = '/etc/claude-code/managed-settings.json';
/** The pseudo-path of inline `--settings` JSON in findings and runs. */
export const INLINE_SETTINGS_PATH = '--settings:inline';

/** `$CLAUDE_CONFIG_DIR` when set (cc env), else `~/.claude`: the user settings, plugins and caches live here. */
export function claudeUserDir(context: LoadContext): string {
  const configured = context.env.CLAUDE_CONFIG_DIR;
  return configured !== undefined && configured.trim() !== '' ? resolve(context.cwd, configured) : join(context.home, '.claude');
}

export function managedSettingsPath(context: LoadContext): string {
  return resolve(context.cwd, context.managedConfigPath ?? DEFAULT_MANAGED_SETTINGS);
}

/**
 * `.git` in the start directory and each ancestor up to the first that has one (to the file system
 * root outside a repository): one appearing or vanishing moves the repository root, which places
 * the root's local settings file and decides whose workspace trust counts.
 */
export function gitMarkersUpward(cwd: string): string[] {
  const markers: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    markers.push(join(dir, '.git'));
    if (existsSync(join(dir, '.git')) || dir === dirname(dir)) return markers;
  }
}
