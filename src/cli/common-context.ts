import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { detectDialects } from '../dialects/detect-dialect.js';
import { DEFAULT_DIALECT, DIALECT_IDS, isDialectId, manifestOf, type DialectId } from '../dialects/registry.js';
import type { LoadContext, SessionValues } from '../kit/index.js';
import { UsageError } from '../errors.js';
import { userHome } from '../util/user-home.js';

// The resolved common options, apart from their commander definitions (common-options.ts): `run`
// resolves them without loading commander.

export interface CommonOptionValues {
  dialect?: string;
  cwd?: string;
  home?: string;
  managed?: string;
  served?: boolean;
  /** The dialects' session flags (`--plugin-dir` as `pluginDir`, as commander names them): a string, or a list when repeatable. */
  [sessionFlag: string]: unknown;
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
  /** The session flags given (claude `--settings`, `--plugin-dir`; codex `--config`), by flag name (LoadContext.session). */
  session: SessionValues;
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
    ...(Object.keys(common.session).length === 0 ? {} : { session: common.session }),
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
    session: sessionOf(options),
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

/**
 * The session flags given, from each dialect's declarations (DialectCliFacts.sessionFlags): a path
 * resolved against the directory hookctl started in, a repeatable flag's values in order; a flag not
 * given (or given no values) is left out.
 */
function sessionOf(options: CommonOptionValues): SessionValues {
  const session: Record<string, string | readonly string[]> = {};
  for (const id of DIALECT_IDS) {
    for (const flag of manifestOf(id).cli?.sessionFlags ?? []) {
      const given = options[camelCase(flag.name)];
      const asGiven = (value: string) => (flag.value === 'path' ? resolve(value) : value);
      if (flag.repeatable && Array.isArray(given) && given.length > 0) session[flag.name] = given.map((value) => asGiven(String(value)));
      else if (!flag.repeatable && typeof given === 'string') session[flag.name] = asGiven(given);
    }
  }
  return session;
}

/** `plugin-dir` → `pluginDir`, the key commander gives an option's value. */
function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}
