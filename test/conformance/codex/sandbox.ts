import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, type Engine, type EngineOptions, type Outcome } from '../../../src/index.js';
import { codexPayload } from '../../helpers/payloads.js';
import { makeTempProject, type TempProject } from '../../helpers/temp-project.js';
import { runCli } from '../../helpers/run-cli.js';

/**
 * A codex sandbox for layer tests: any file anywhere below the sandbox root, the user's Codex home
 * at `home/.codex`, and the machine-wide layers in `etc/` (`--managed etc/requirements.toml` moves
 * `/etc/codex` there). Engines never see the real home or `/etc/codex`.
 */
export interface CodexSandbox extends TempProject {
  codexHome: string;
  etc: string;
  managedPath: string;
  /** Writes TOML/JSON text (objects are serialised) at a sandbox path; `<root>` stands for the sandbox root. */
  put(path: string, content: unknown): string;
  /** `[projects."<path>"] trust_level = "trusted"` (or another level) for the user config. */
  trustLine(path: string, level?: string): string;
  engine(options?: Partial<EngineOptions>): Promise<Engine>;
  /** Dispatches `event` with a minimal payload whose cwd is `cwd` (default: the project), then closes the engine. */
  dispatch(engine: Engine, event: string, extra?: Record<string, unknown>, cwd?: string): Promise<Outcome>;
  /** The `hookctl` common options for this sandbox. */
  cli(...args: string[]): ReturnType<typeof runCli>;
}

export function codexSandbox(): CodexSandbox {
  const box = makeTempProject();
  const codexHome = join(box.home, '.codex');
  const etc = join(box.root, 'etc');
  mkdirSync(codexHome, { recursive: true });
  mkdirSync(etc, { recursive: true });
  const managedPath = join(etc, 'requirements.toml');
  return {
    ...box,
    codexHome,
    etc,
    managedPath,
    put(path, content) {
      const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
      return box.write(path, text.replaceAll('<root>', box.root));
    },
    trustLine: (path, level = 'trusted') => `[projects.${JSON.stringify(path)}]\ntrust_level = "${level}"\n`,
    engine: (options = {}) =>
      createEngine({
        dialect: 'codex',
        cwd: box.project,
        home: box.home,
        managedConfigPath: managedPath,
        env: { PATH: process.env.PATH },
        ...options,
      }) as Promise<Engine>,
    async dispatch(engine, event, extra = {}, cwd = box.project) {
      try {
        return await engine.dispatch(event as never, codexPayload(event, cwd, extra) as never);
      } finally {
        await engine.close();
      }
    },
    cli: (...args) =>
      runCli([...args, '--dialect', 'codex', '--home', box.home, '--managed', managedPath], { env: { CODEX_HOME: undefined } }),
  };
}

/** A hooks.json with one PreToolUse group (matcher Bash) running `commands`. */
export function preToolUse(...commands: string[]): unknown {
  return { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: commands.map((command) => ({ type: 'command', command })) }] } };
}

/** The TOML form of the same. */
export function preToolUseToml(...commands: string[]): string {
  const handler = (command: string) => `[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = ${JSON.stringify(command)}\n`;
  return `[[hooks.PreToolUse]]\nmatcher = "Bash"\n${commands.map(handler).join('')}`;
}
