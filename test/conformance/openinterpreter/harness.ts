import { join } from 'node:path';
import { BYPASS_TRUST_WARNING, createEngine, type Engine, type EngineOptions, type Outcome } from '../../../src/index.js';
import { oiPayload } from '../../helpers/payloads.js';
import { makeTempProject, type TempProject } from '../../helpers/temp-project.js';

/**
 * The conformance suite re-expresses Codex's own hook tests through hookctl's public surface: a
 * temp project with real hook files, createEngine, dispatch with real `sh -c` hook processes. Each
 * test names the Codex test it mirrors (file + fn). Helpers here only build files and commands.
 */

export interface OiFiles {
  /** `.openinterpreter/hooks.json` of the project: an object (serialised) or raw text. */
  projectJson?: unknown;
  /** `.openinterpreter/config.toml` of the project, raw TOML. */
  projectToml?: string;
  /** `~/.openinterpreter/hooks.json`. */
  userJson?: unknown;
  /** `~/.openinterpreter/config.toml`. */
  userToml?: string;
  /** The managed requirements file, raw TOML. */
  managedToml?: string;
  /** Plugins: name → hooks/hooks.json content (enabled in the user config.toml). */
  plugins?: Record<string, unknown>;
}

export interface OiWorld {
  sandbox: TempProject;
  engine: Engine;
  managedPath: string;
}

const text = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content, null, 2));

/** Writes the files and opens an engine; hooks run without trust review unless `trusted: false`. */
export async function oiWorld(files: OiFiles, options: Partial<EngineOptions> & { trusted?: boolean } = {}): Promise<OiWorld> {
  const sandbox = makeTempProject();
  const managedPath = join(sandbox.root, 'etc', 'requirements.toml');
  if (files.projectJson !== undefined) sandbox.write('project/.openinterpreter/hooks.json', text(files.projectJson));
  if (files.projectToml !== undefined) sandbox.write('project/.openinterpreter/config.toml', files.projectToml);
  if (files.userJson !== undefined) sandbox.write('home/.openinterpreter/hooks.json', text(files.userJson));
  const pluginNames = Object.keys(files.plugins ?? {});
  const pluginTables = pluginNames.map((name) => `[plugins.${name}]\nenabled = true\n`).join('\n');
  if (files.userToml !== undefined || pluginNames.length > 0) {
    sandbox.write('home/.openinterpreter/config.toml', `${files.userToml ?? ''}\n${pluginTables}`);
  }
  for (const [name, hooks] of Object.entries(files.plugins ?? {})) {
    sandbox.write(`home/.openinterpreter/plugins/${name}/hooks/hooks.json`, text(hooks));
  }
  if (files.managedToml !== undefined) sandbox.write('etc/requirements.toml', files.managedToml);
  const { trusted, ...engineOptions } = options;
  const engine = await createEngine({
    dialect: 'openinterpreter',
    cwd: sandbox.project,
    home: sandbox.home,
    managedConfigPath: managedPath,
    bypassTrust: trusted !== false,
    env: { PATH: process.env.PATH },
    ...engineOptions,
  });
  return { sandbox, engine, managedPath };
}

/** A project hooks.json with one matcher group per entry of `groups` for `event`. */
export function hooksFile(event: string, ...groups: Group[]): { hooks: Record<string, Group[]> } {
  return { hooks: { [event]: groups } };
}

export interface Group {
  matcher?: string | null;
  hooks: Record<string, unknown>[];
}

/** A matcher group whose handlers run the given commands (strings) or handler objects. */
export function group(matcher: string | undefined, ...handlers: (string | Record<string, unknown>)[]): Group {
  return {
    ...(matcher === undefined ? {} : { matcher }),
    hooks: handlers.map((handler) => (typeof handler === 'string' ? { type: 'command', command: handler } : { type: 'command', ...handler })),
  };
}

/** A command that prints exactly `stdout` (no trailing newline unless given) and exits with `code`. */
export function prints(stdout: unknown, code = 0, stderr = ''): string {
  const out = typeof stdout === 'string' ? stdout : JSON.stringify(stdout);
  return `printf '%s' ${shellQuote(out)}; printf '%s' ${shellQuote(stderr)} >&2; exit ${code}`;
}

/** A command that writes `stderr` and exits with `code`. */
export function fails(code: number, stderr = ''): string {
  return `printf '%s' ${shellQuote(stderr)} >&2; exit ${code}`;
}

export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Dispatches one event with a minimal valid payload plus `extra`, then closes the engine. */
export async function dispatch(world: OiWorld, event: string, extra: Record<string, unknown> = {}, matcherAliases?: string[]): Promise<Outcome> {
  try {
    return await world.engine.dispatch(event as never, oiPayload(event, world.sandbox.project, extra) as never, matcherAliases ? { matcherAliases } : {});
  } finally {
    await world.engine.close();
  }
}

/** One event, one project hooks.json, one dispatch: the common shape of a conformance case. */
export async function run(event: string, groups: Group[], extra: Record<string, unknown> = {}): Promise<Outcome> {
  return dispatch(await oiWorld({ projectJson: hooksFile(event, ...groups) }), event, extra);
}

/** The run of one handler that printed `stdout` (exit 0) on `event`. */
export async function runPrinted(event: string, stdout: unknown, extra: Record<string, unknown> = {}): Promise<Outcome> {
  return run(event, [group(undefined, prints(stdout))], extra);
}

export function hso(event: string, fields: Record<string, unknown> = {}): { hookSpecificOutput: Record<string, unknown> } {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

/** The error lines of the engine's load warnings that name `file`. */
export function warningsAbout(world: OiWorld, file: string): string[] {
  return world.engine.warnings.filter((warning) => warning.startsWith(file));
}

/** Warnings about the configuration (and payload), without the notice that trust review was bypassed for the test. */
export function configWarnings(warnings: readonly string[]): string[] {
  return warnings.filter((warning) => warning !== BYPASS_TRUST_WARNING);
}
