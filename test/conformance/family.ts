import { join } from 'node:path';
import { BYPASS_TRUST_WARNING, createEngine, type Engine, type EngineOptions, type Outcome } from '../../src/index.js';
import { codexPayload, oiPayload } from '../helpers/payloads.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * The conformance suites re-express Codex's own hook tests through hookctl's public surface: a
 * temp project with real hook files, createEngine, dispatch with real hook processes. Each test
 * names the Codex test it mirrors (file + fn). Two dialects follow Codex — `codex` exactly,
 * `openinterpreter` with the deliberate differences of SPEC 2.9 — so the helpers are one kit,
 * bound to a dialect: where its files live, how a plugin is installed and enabled, what a payload
 * looks like. Helpers here only build files and commands.
 */

export type CodexFamily = 'openinterpreter' | 'codex';

export interface FamilyFiles {
  /** The project's hooks.json: an object (serialised) or raw text. */
  projectJson?: unknown;
  /** The project's config.toml, raw TOML. */
  projectToml?: string;
  /** The user's hooks.json. */
  userJson?: unknown;
  /** The user's config.toml (codex: after the line that trusts the project). */
  userToml?: string;
  /** The managed requirements file, raw TOML. */
  managedToml?: string;
  /** Plugins: name → hooks/hooks.json content (enabled in the user config.toml). */
  plugins?: Record<string, unknown>;
}

export interface World {
  dialect: CodexFamily;
  sandbox: TempProject;
  engine: Engine;
  managedPath: string;
}

interface Layout {
  configDir: string;
  /** The user config.toml lines that enable these plugins (codex also trusts the project). */
  userPreamble(sandbox: TempProject, plugins: readonly string[]): string;
  /** Where a plugin's hooks.json goes, and any other file it needs (codex: a manifest). */
  pluginFiles(name: string): Record<string, string>;
  payload(event: string, cwd: string, extra?: Record<string, unknown>): Record<string, unknown>;
}

const LAYOUTS: Record<CodexFamily, Layout> = {
  openinterpreter: {
    configDir: '.openinterpreter',
    userPreamble: (_sandbox, plugins) => plugins.map((name) => `[plugins.${name}]\nenabled = true\n`).join('\n'),
    pluginFiles: (name) => ({ hooks: `home/.openinterpreter/plugins/${name}/hooks/hooks.json` }),
    payload: oiPayload,
  },
  codex: {
    configDir: '.codex',
    // Codex loads project config only for a project the user trusts (SPEC-dialects 9.1).
    userPreamble: (sandbox, plugins) =>
      [
        `[projects.${JSON.stringify(sandbox.project)}]\ntrust_level = "trusted"\n`,
        ...plugins.map((name) => `[plugins."${name}@test"]\nenabled = true\n`),
      ].join('\n'),
    pluginFiles: (name) => ({
      hooks: `home/.codex/plugins/cache/test/${name}/local/hooks/hooks.json`,
      [`home/.codex/plugins/cache/test/${name}/local/.codex-plugin/plugin.json`]: JSON.stringify({ name }),
    }),
    payload: codexPayload,
  },
};

const text = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content, null, 2));

/** The plugin root and data dir of plugin `name` in this dialect's layout. */
export function pluginDirs(dialect: CodexFamily, home: string, name: string): { root: string; data: string } {
  return dialect === 'codex'
    ? { root: join(home, '.codex/plugins/cache/test', name, 'local'), data: join(home, '.codex/plugins/data', `${name}-test`) }
    : { root: join(home, '.openinterpreter/plugins', name), data: join(home, '.openinterpreter/plugin-data', name) };
}

/** The conformance helpers bound to one dialect. */
export function familyKit(dialect: CodexFamily) {
  const layout = LAYOUTS[dialect];
  const dir = layout.configDir;

  /** Writes the files and opens an engine; hooks run without trust review unless `trusted: false`. */
  async function world(files: FamilyFiles, options: Partial<EngineOptions> & { trusted?: boolean } = {}): Promise<World> {
    const sandbox = makeTempProject();
    const managedPath = join(sandbox.root, 'etc', 'requirements.toml');
    if (files.projectJson !== undefined) sandbox.write(`project/${dir}/hooks.json`, text(files.projectJson));
    if (files.projectToml !== undefined) sandbox.write(`project/${dir}/config.toml`, files.projectToml);
    if (files.userJson !== undefined) sandbox.write(`home/${dir}/hooks.json`, text(files.userJson));
    const plugins = Object.keys(files.plugins ?? {});
    const preamble = layout.userPreamble(sandbox, plugins);
    if (files.userToml !== undefined || preamble !== '') sandbox.write(`home/${dir}/config.toml`, `${preamble}\n${files.userToml ?? ''}`);
    for (const [name, hooks] of Object.entries(files.plugins ?? {})) {
      const { hooks: hooksPath, ...others } = layout.pluginFiles(name);
      sandbox.write(hooksPath!, text(hooks));
      for (const [path, content] of Object.entries(others)) sandbox.write(path, content);
    }
    if (files.managedToml !== undefined) sandbox.write('etc/requirements.toml', files.managedToml);
    const { trusted, ...engineOptions } = options;
    const engine = await createEngine({
      dialect,
      cwd: sandbox.project,
      home: sandbox.home,
      managedConfigPath: managedPath,
      bypassTrust: trusted !== false,
      env: { PATH: process.env.PATH },
      ...engineOptions,
    });
    return { dialect, sandbox, engine, managedPath };
  }

  /** Dispatches one event with a minimal valid payload plus `extra`, then closes the engine. */
  async function dispatch(target: World, event: string, extra: Record<string, unknown> = {}, matcherAliases?: string[]): Promise<Outcome> {
    try {
      return await target.engine.dispatch(
        event as never,
        layout.payload(event, target.sandbox.project, extra) as never,
        matcherAliases ? { matcherAliases } : {},
      );
    } finally {
      await target.engine.close();
    }
  }

  /** One event, one project hooks.json, one dispatch: the common shape of a conformance case. */
  async function run(
    event: string,
    groups: Group[],
    extra: Record<string, unknown> = {},
    options: Partial<EngineOptions> = {},
  ): Promise<Outcome> {
    return dispatch(await world({ projectJson: hooksFile(event, ...groups) }, options), event, extra);
  }

  /** The run of one handler that printed `stdout` (exit 0) on `event`. */
  async function runPrinted(event: string, stdout: unknown, extra: Record<string, unknown> = {}): Promise<Outcome> {
    return run(event, [group(undefined, prints(stdout))], extra);
  }

  return { dialect, dir, world, dispatch, run, runPrinted, payload: layout.payload };
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
    hooks: handlers.map((handler) =>
      typeof handler === 'string' ? { type: 'command', command: handler } : { type: 'command', ...handler },
    ),
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

export function hso(event: string, fields: Record<string, unknown> = {}): { hookSpecificOutput: Record<string, unknown> } {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

/** The error lines of the engine's load warnings that name `file`. */
export function warningsAbout(target: World, file: string): string[] {
  return target.engine.warnings.filter((warning) => warning.startsWith(file));
}

/** Warnings about the configuration (and payload), without the notice that trust review was bypassed for the test. */
export function configWarnings(warnings: readonly string[]): string[] {
  return warnings.filter((warning) => warning !== BYPASS_TRUST_WARNING);
}

export type FamilyKit = ReturnType<typeof familyKit>;
