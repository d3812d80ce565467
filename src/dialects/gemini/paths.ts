import { dirname, join, resolve } from 'node:path';
import type { LoadContext } from '../../kit/index.js';

/** Where Gemini CLI keeps its files, as packages/cli/src/config/settings.ts and core Storage compute them. */
export interface GeminiPaths {
  /** `$GEMINI_CLI_HOME/.gemini`, else `~/.gemini`. */
  userDir: string;
  userSettings: string;
  systemSettings: string;
  systemDefaults: string;
  extensionsDir: string;
  trustedFolders: string;
  /** hooks/trustedHooks.ts: the project hooks Gemini has announced, per project root. */
  trustedHooks: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The paths for a load: `GEMINI_CLI_HOME` moves the home dir; `GEMINI_CLI_SYSTEM_SETTINGS_PATH`
 * (or hookctl's `--managed`) the system settings; `GEMINI_CLI_SYSTEM_DEFAULTS_PATH` the defaults,
 * which otherwise sit beside the system settings; `GEMINI_CLI_TRUSTED_FOLDERS_PATH` the trust file.
 */
export function geminiPaths(context: Pick<LoadContext, 'cwd' | 'home' | 'env' | 'managedConfigPath'>): GeminiPaths {
  const home = resolve(context.cwd, nonEmpty(context.env.GEMINI_CLI_HOME) ?? context.home);
  const userDir = join(home, '.gemini');
  const systemSettings = resolve(
    context.cwd,
    context.managedConfigPath ?? nonEmpty(context.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH) ?? '/etc/gemini-cli/settings.json',
  );
  const systemDefaults = resolve(
    context.cwd,
    nonEmpty(context.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH) ?? join(dirname(systemSettings), 'system-defaults.json'),
  );
  return {
    userDir,
    userSettings: join(userDir, 'settings.json'),
    systemSettings,
    systemDefaults,
    extensionsDir: join(userDir, 'extensions'),
    trustedFolders: resolve(context.cwd, nonEmpty(context.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH) ?? join(userDir, 'trustedFolders.json')),
    trustedHooks: join(userDir, 'trusted_hooks.json'),
  };
}
