import { join } from 'node:path';
import { createEngine, loadDialect, type EngineSettings } from '../../../src/index.js';
import { makeTempProject, type TempProject } from '../../helpers/temp-project.js';

/**
 * A claude sandbox: `home/` (the user's home, `home/.claude/` the user settings), `project/` (a git
 * root and the start directory), and a managed settings path inside the sandbox, so no test ever
 * reads /etc/claude-code or the real ~/.claude.
 */
export interface ClaudeSandbox extends TempProject {
  managed: string;
  /** Writes a settings file (an object is serialised as JSON) relative to the sandbox root. */
  settings(relativePath: string, content: unknown): string;
  /** Marks the project folder trusted in `home/.claude.json`, as Claude's trust dialog does. */
  trustWorkspace(path?: string): void;
  /** The engine of this sandbox; the workspace is taken as trusted unless `workspaceTrust: 'check'`. */
  engine(options?: Partial<EngineSettings>): ReturnType<typeof createEngine<'claude'>>;
  /** A schema-valid payload of `event` whose cwd is the project, with `extra` merged over it. */
  payload(event: string, extra?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export const hooks = (table: Record<string, unknown>) => ({ hooks: table });
export const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...extra });
export const group = (handlers: unknown[], matcher?: string) => ({ ...(matcher === undefined ? {} : { matcher }), hooks: handlers });
/** A command that prints `value` as JSON on stdout. */
export const printJson = (value: unknown) => `printf '%s' '${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;

export function makeClaudeSandbox(): ClaudeSandbox {
  const box = makeTempProject();
  const managed = join(box.root, 'etc', 'claude-code', 'managed-settings.json');
  const sandbox: ClaudeSandbox = {
    ...box,
    managed,
    settings(relativePath, content) {
      return box.write(relativePath, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    },
    trustWorkspace(path = box.project) {
      box.write('home/.claude.json', JSON.stringify({ projects: { [path]: { hasTrustDialogAccepted: true } } }));
    },
    engine(options = {}) {
      return createEngine({
        dialect: 'claude',
        cwd: box.project,
        home: box.home,
        managedConfigPath: managed,
        env: { PATH: process.env.PATH, HOME: box.home },
        workspaceTrust: 'assume',
        ...options,
      });
    },
    async payload(event, extra = {}) {
      const dialect = await loadDialect('claude');
      return { ...dialect.fixture(event, { cwd: box.project }), ...extra };
    },
  };
  return sandbox;
}

/** Creates the engine, dispatches once, closes it (waiting for async runs), returns the outcome. */
export async function dispatchOnce(
  sandbox: ClaudeSandbox,
  event: string,
  extra: Record<string, unknown> = {},
  options: Partial<EngineSettings> = {},
) {
  const engine = await sandbox.engine(options);
  try {
    return await engine.dispatch(event as never, (await sandbox.payload(event, extra)) as never);
  } finally {
    await engine.close();
  }
}
