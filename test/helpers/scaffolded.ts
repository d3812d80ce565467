import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DIALECT_IDS, manifestOf, type DialectId } from '../../src/dialects/registry.js';
import { exitTwoGuards } from '../../src/kit/index.js';
import { eventFileStem } from '../../src/contracts/schema-files.js';

// What the scaffold suites (test/scaffold/every-event.test.ts in-process, test/cli/scaffold.test.ts
// through the binary) expect of a scaffolded, registered hook.

export const SCAFFOLD_DIALECTS = DIALECT_IDS;
export const LANGS = ['js', 'py', 'sh'] as const;
export const INTERPRETER = { js: 'node', py: 'python3', sh: 'sh' } as const;
/**
 * The program the registered command starts: on a guard event (`guard: 'exit-2'` in the event table) every
 * language starts through sh, so a missing python3 or node refuses rather than fails open
 * (test/scaffold/guard-launcher.test.ts).
 */
export const programOf = (dialect: DialectId, event: string, lang: (typeof LANGS)[number]): string =>
  exitTwoGuards(manifestOf(dialect).events).has(event) ? 'sh' : INTERPRETER[lang];
export const EXTENSIONS = { js: 'mjs', py: 'py', sh: 'sh' } as const;
/** The default script name: the event's schema stem (a camelCase Copilot event keeps its spelling). */
export const kebab = (event: string) => eventFileStem(event);

/** How each dialect's scaffold commands reach the script from any cwd. */
export const GIT_ROOT = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"';
const ANCHORS: Partial<Record<DialectId, string>> = {
  claude: '"$CLAUDE_PROJECT_DIR"/',
  gemini: '"$GEMINI_PROJECT_DIR"/',
  copilot: '"$COPILOT_PROJECT_DIR"/',
};
export const anchorOf = (dialect: DialectId): string => ANCHORS[dialect] ?? `${GIT_ROOT}/`;

/**
 * Runs a config command the way the engine does: `sh -c` in the payload's cwd, payload on stdin,
 * `CLAUDE_PROJECT_DIR` set to the project root (claude commands find their script through it). The
 * cwd is a subdirectory: the agents' cwd follows the session's `cd`, and a scaffold must still run.
 */
export function runHook(command: string, project: string, payload: unknown) {
  const cwd = join(project, 'src', 'deep');
  mkdirSync(cwd, { recursive: true });
  return spawnSync('sh', ['-c', command], {
    cwd,
    input: JSON.stringify({ ...(payload as object), cwd }),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: project, GEMINI_PROJECT_DIR: project, COPILOT_PROJECT_DIR: project },
  });
}

/** The handlers registered on `event` in the dialect's project config, as written. */
export function registeredHandlers(dialect: DialectId, project: string, event: string): unknown[] {
  const { configDir, configFiles } = manifestOf(dialect);
  const text = readFileSync(join(project, configDir, configFiles[0]!), 'utf8');
  if (dialect === 'octo') return (parseYaml(text) as { hooks: Record<string, unknown[]> }).hooks[event]!;
  return (JSON.parse(text) as { hooks: Record<string, { hooks: unknown[] }[]> }).hooks[event]!.flatMap((group) => group.hooks);
}

/**
 * What a registered handler looks like: openinterpreter handlers carry the name as their id; octo's
 * hooks.yml and claude's and gemini's settings have no id field, and Codex names hooks by position
 * (an `id` would be an unknown key it ignores).
 */
export function handlerOf(dialect: DialectId, command: string, name: string): unknown {
  // Copilot CLI reads `bash` and `powershell`, never `command`; a command started with sh has no PowerShell form.
  if (dialect === 'copilot')
    return { type: 'command', bash: command, ...(command.startsWith('sh ') ? {} : { powershell: powershellOf(command) }) };
  if (dialect === 'octo') return { command };
  if (dialect === 'codex' || dialect === 'claude' || dialect === 'gemini') return { type: 'command', command };
  return { type: 'command', id: name, command };
}

const powershellOf = (command: string) => command.replace('"$COPILOT_PROJECT_DIR"/', '"$env:COPILOT_PROJECT_DIR/').concat('"');
