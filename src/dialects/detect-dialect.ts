import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { movedUserConfigDir } from '../kit/manifest.js';
import { DEFAULT_DIALECT, DIALECT_IDS, manifestOf, type DialectId } from './registry.js';

/** The dialects whose hook config files detection found, and the directory it found them in. */
export interface DetectedDialects {
  /** Every dialect with config files at the nearest level (the project, else the home); empty when none. */
  dialects: DialectId[];
  /** That level: the directory holding the config dirs, or null when nothing was found. */
  dir: string | null;
}

/**
 * The dialects whose hook config files exist nearest the project (the cwd up to the filesystem
 * root), else in the home. Config files, not bare directories, decide: hookctl's own trust store
 * creates `~/.octo/` and must not flip the choice.
 */
export function detectDialects(
  cwd: string,
  home: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): DetectedDialects {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (dir !== home) {
      const found = configured(dir);
      if (found.length > 0) return { dialects: found, dir };
    }
    if (dirname(dir) === dir) break;
  }
  const inHome = configuredInHome(home, env);
  return { dialects: inHome, dir: inHome.length > 0 ? home : null };
}

/** The one dialect detection found; the default when it found none or several (callers that must not guess use detectDialects). */
export function detectDialect(cwd: string, home: string, env: Readonly<Record<string, string | undefined>> = process.env): DialectId {
  const { dialects } = detectDialects(cwd, home, env);
  return dialects.length === 1 ? dialects[0]! : DEFAULT_DIALECT;
}

/** The dialects with user-level config files, honouring a variable that moves the user config dir. */
function configuredInHome(home: string, env: Readonly<Record<string, string | undefined>>): DialectId[] {
  return DIALECT_IDS.filter((id) => {
    const manifest = manifestOf(id);
    const { configDir, configFiles, userConfigDir } = manifest;
    const dir = movedUserConfigDir(manifest, env) ?? join(home, userConfigDir ?? configDir);
    return configFiles.some((file) => existsSync(join(dir, file)));
  });
}

/** The dialects with a hook config file directly in `dir` (in its `.openinterpreter/`, `.octo/`). */
export function configured(dir: string): DialectId[] {
  return DIALECT_IDS.filter((id) => {
    const { configDir, configFiles } = manifestOf(id);
    return configFiles.some((file) => existsSync(join(dir, configDir, file)));
  });
}

/** The nearest directory at or above `dir` that holds hook config files, else null. */
export function nearestConfiguredDir(dir: string): string | null {
  for (let current = dir; ; current = dirname(current)) {
    if (configured(current).length > 0) return current;
    if (dirname(current) === current) return null;
  }
}
