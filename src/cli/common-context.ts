import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { detectDialects } from '../dialects/detect-dialect.js';
import { DEFAULT_DIALECT, DIALECT_IDS, isDialectId, manifestOf, type DialectId } from '../dialects/registry.js';
import type { LoadContext } from '../kit/index.js';
import { UsageError } from '../errors.js';
import { userHome } from '../util/user-home.js';

// The resolved common options, apart from their commander definitions (common-options.ts): `run`
// resolves them without loading commander.

export interface CommonOptionValues {
  dialect?: string;
  cwd?: string;
  home?: string;
  managed?: string;
  settings?: string;
  pluginDir?: string[];
  config?: string[];
  served?: boolean;
}

export interface CommonContext {
  dialectId: DialectId;
  /**
   * Every dialect detection found at the nearest level, when --dialect was not given and there
   * were several (only for commands resolved with `several: 'all'`; the others refuse to guess).
   */
  detected: DialectId[];
  cwd: string;
  home: string;
  managedConfigPath: string | undefined;
  /** claude `--settings`: a file path or inline JSON. */
  settingsFlag: string | undefined;
  /** claude `--plugin-dir`, in the order given. */
  pluginDirs: string[];
  /** codex `--config key=value`, in the order given. */
  configOverrides: string[];
  /** claude `--served`: the hooks of `.claude/hookctl-served.json` only (docs/serve.md, "Over HTTP"). */
  served: boolean;
}

/** The config-loading context of the resolved options; hooks see the agent's (this process's) environment. */
export function loadContextOf(common: CommonContext): LoadContext {
  return {
    cwd: common.cwd,
    home: common.home,
    env: process.env,
    ...(common.managedConfigPath === undefined ? {} : { managedConfigPath: common.managedConfigPath }),
    ...(common.settingsFlag === undefined ? {} : { settingsFlag: common.settingsFlag }),
    ...(common.pluginDirs.length === 0 ? {} : { pluginDirs: common.pluginDirs }),
    ...(common.configOverrides.length === 0 ? {} : { configOverrides: common.configOverrides }),
    ...(common.served ? { served: true, workspaceTrust: 'assume' as const } : {}),
  };
}

/**
 * Resolves the common options. Without --dialect the dialect is detected from the config files
 * present; when the nearest level holds several (a project with `.claude/` and `.codex/`), a command
 * that runs one dialect's hooks refuses to guess (a one-line error naming them), and `list`/`lint`,
 * which pass `several: 'all'`, get them all in `detected`.
 */
export function resolveCommon(options: CommonOptionValues, resolution: { several?: 'refuse' | 'all' } = {}): CommonContext {
  const cwd = resolve(options.cwd ?? process.cwd());
  const home = userHome(options.home);
  if (options.cwd && !isDirectory(cwd)) throw new UsageError(`--cwd ${options.cwd} is not a directory`);
  let dialectId: DialectId;
  let detected: DialectId[] = [];
  if (options.dialect === undefined) {
    const found = detectDialects(cwd, home);
    if (found.dialects.length > 1 && resolution.several !== 'all') throw new SeveralDialectsError(found.dialects, found.dir!);
    dialectId = found.dialects.length === 1 ? found.dialects[0]! : DEFAULT_DIALECT;
    if (found.dialects.length > 1) detected = found.dialects;
  } else if (isDialectId(options.dialect)) dialectId = options.dialect;
  else throw new UsageError(`unknown dialect "${options.dialect}"; use one of ${DIALECT_IDS.join(', ')}`);
  return {
    dialectId,
    detected,
    cwd,
    home,
    managedConfigPath: options.managed ? resolve(options.managed) : undefined,
    settingsFlag: options.settings,
    pluginDirs: (options.pluginDir ?? []).map((dir) => resolve(dir)),
    configOverrides: Array.isArray(options.config) ? options.config : [],
    served: options.served === true,
  };
}

/** A command that runs one dialect's hooks, in a place with hook config for several: which one is meant. */
export class SeveralDialectsError extends UsageError {
  constructor(
    readonly dialects: readonly DialectId[],
    readonly dir: string,
  ) {
    const where = dialects.map((id) => `${id} (${manifestOf(id).configDir}/)`).join(', ');
    super(`${dir} has hook config for ${dialects.length} dialects: ${where}; pass ${dialects.map((id) => `--dialect ${id}`).join(' or ')}`);
  }
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}
