import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_DIALECT, DIALECT_IDS, manifestOf, type DialectId } from './registry.js';

/**
 * The dialect whose hook config files exist nearest the project (the cwd up to the filesystem root),
 * else in the home; the default when none or several do at the same level. Config files, not bare
 * directories, decide: hookctl's own trust store creates `~/.octo/` and must not flip the choice.
 */
export function detectDialect(cwd: string, home: string, env: Readonly<Record<string, string | undefined>> = process.env): DialectId {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (dir !== home) {
      const found = configured(dir);
      if (found.length > 0) return found.length === 1 ? found[0]! : DEFAULT_DIALECT;
    }
    if (dirname(dir) === dir) break;
  }
  const inHome = configuredInHome(home, env);
  return inHome.length === 1 ? inHome[0]! : DEFAULT_DIALECT;
}

/** The dialects with user-level config files, honouring a variable that moves the user config dir. */
function configuredInHome(home: string, env: Readonly<Record<string, string | undefined>>): DialectId[] {
  return DIALECT_IDS.filter((id) => {
    const { configDir, configFiles, userConfigDirEnv } = manifestOf(id);
    const moved = userConfigDirEnv === undefined ? undefined : env[userConfigDirEnv];
    const dir = moved !== undefined && moved.trim() !== '' ? resolve(moved) : join(home, configDir);
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
