import { isAbsolute, relative, resolve, sep } from 'node:path';
import { findGitRoot } from './find-project-root.js';
import {
  commandScript,
  commandScripts,
  findUpward,
  GIT_ROOT_SUBSTITUTION,
  scriptOfWords,
  upwardSearch,
  type CommandScript,
} from './command-script.js';
import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import { setField } from './field-value.js';
import { commandFieldOf, handlerCommand, handlerCwd } from './handler-command.js';
import { substitutePluginVariables } from './plugin-variables.js';
import type { SourceNode, SourceObject, SourcePosition } from './source-tree.js';
import { statsAt } from '../util/regular-file.js';

/** A handler's exec-form arguments (claude `args`, lint.execForm): absent in shell form and where the dialect has none. */
export function execArgs(spec: DialectConfigSpec, handler: SourceObject): SourceNode | undefined {
  const argsField = spec.lint?.execForm?.argsField;
  return argsField === undefined ? undefined : setField(handler, argsField)?.value;
}

export interface HandlerScript {
  /** As the command names it (after plugin variable substitution). */
  written: string;
  /** Absolute path. */
  path: string;
  direct: boolean;
  /** Position of the command value. */
  pos: SourcePosition;
}

/**
 * The script a handler's command runs, when lint can check it: a relative path (resolved against
 * the directory hooks run in), a path inside a plugin via `${PLUGIN_ROOT}`, or a path built from a
 * variable whose value lint knows (`lint.pathVariables`). Other absolute paths are machine-specific
 * and left alone. In exec form (`lint.execForm`) the program and its arguments are taken as given.
 */
export function handlerScript(spec: DialectConfigSpec, file: ConfigFile, handler: SourceObject, projectDir: string): HandlerScript | null {
  // Several lint rules ask about the same handler of the same parse: the answer is computed once.
  const known = asked.get(handler);
  if (known !== undefined && known.spec === spec && known.file === file && known.projectDir === projectDir) return known.script;
  const script = findHandlerScript(spec, file, handler, projectDir);
  asked.set(handler, { spec, file, projectDir, script });
  return script;
}

const asked = new WeakMap<SourceObject, { spec: DialectConfigSpec; file: ConfigFile; projectDir: string; script: HandlerScript | null }>();

function findHandlerScript(spec: DialectConfigSpec, file: ConfigFile, handler: SourceObject, projectDir: string): HandlerScript | null {
  // Only the field the agent runs counts: copilot runs `bash` and ignores a `command` (issue 39).
  if (!Object.hasOwn(spec.handlerFields, commandFieldOf(spec))) return null;
  const command = handlerCommand(spec, handler);
  if (command === null) return null;
  const raw = command.text;
  // A relative path starts from the handler's own directory where it names one (copilot `cwd`).
  const base = resolve(projectDir, handlerCwd(spec, handler) ?? '.');
  const variables = spec.lint?.pathVariables?.(file, projectDir) ?? {};
  const args = execArgs(spec, handler);
  let found: Found | null;
  if (args !== undefined) {
    if (args.kind !== 'array') return null;
    // `node hook.js` as one program is the exec-command-has-spaces rule's finding, not a missing file.
    const first = raw.trim().split(/\s+/);
    if (first.length > 1 && !/[/\\]/.test(first[0]!)) return null;
    const words = [raw, ...args.items.map((item) => (item.kind === 'scalar' && typeof item.value === 'string' ? item.value : ''))];
    found = execFormScript(words, variables);
  } else {
    const substituted = substitutePluginVariables(raw, file.plugin);
    const searched = searchedScript(substituted, base);
    if (searched !== null) return { ...searched, pos: command.pos };
    found = shellFormScript(substituted, variables, () => findGitRoot(projectDir));
  }
  if (found === null || found.script.path.startsWith('~')) return null;
  const { script, written } = found;
  const viaVariable = written !== script.path;
  // `${PLUGIN_ROOT}` and Claude Code's `${CLAUDE_PLUGIN_ROOT}` (and the `_DATA` pair) alike.
  const fromPlugin = file.plugin !== null && /\$\{(?:CLAUDE_)?PLUGIN_/.test(raw);
  if (isAbsolute(script.path) && !fromPlugin && !viaVariable) return null;
  return { written, path: resolve(base, script.path), direct: script.direct, pos: command.pos };
}

/**
 * The script of the upward-search prologue (command-script.ts, upwardSearch): REL in the nearest
 * of the project dir and its ancestors that holds it as a file (the shell's `[ -f ]`), else the
 * missing REL under the project dir. It is written as the path from the project dir (absolute when
 * above it), so a finding's advice (`chmod +x …`) names a file the user can reach. Null when the
 * command is not of that shape, or the script is not the first one it runs.
 */
function searchedScript(command: string, projectDir: string): Omit<HandlerScript, 'pos'> | null {
  if (upwardSearch(command) === null) return null;
  const script = commandScripts(command, null, (rel) => {
    const { found } = findUpward(rel, projectDir, (path) => statsAt(path)?.isFile() === true);
    return found ?? resolve(projectDir, rel);
  }).scripts[0];
  if (script?.searched === undefined) return null;
  const fromProject = relative(projectDir, script.path);
  const written = fromProject.split(sep)[0] === '..' || isAbsolute(fromProject) ? script.path : fromProject;
  return { written, path: script.path, direct: script.direct };
}

/** The script with its path resolved, and the path as written (variables unexpanded). */
interface Found {
  script: CommandScript;
  written: string;
}

/** Exec form: the agent replaces `${NAME}` as plain text in the program and in each argument. */
function execFormScript(words: readonly string[], variables: Readonly<Record<string, string>>): Found | null {
  const substituted = words.map((word) =>
    Object.entries(variables).reduce((text, [name, value]) => text.replaceAll(`\${${name}}`, value), word),
  );
  const script = scriptOfWords(substituted);
  if (script === null) return null;
  return { script, written: words[substituted.indexOf(script.path)] ?? script.path };
}

/**
 * Shell form: `$NAME` and `${NAME}` of a known variable stand for its value, and so does
 * `$(git rev-parse --show-toplevel 2>/dev/null || pwd)` for the repository root when one is known. Each is swapped for
 * a token the word splitter keeps whole, so a value with spaces or quotes cannot change how the
 * command splits; the tokens are replaced by the values in the script path found. `gitRoot` is
 * asked only by a command that names it: finding it walks up the directories, for every handler.
 */
function shellFormScript(command: string, variables: Readonly<Record<string, string>>, gitRoot: () => string | null): Found | null {
  const known = Object.entries(variables).map(([name, value]) => ({
    pattern: new RegExp(`\\$(?:\\{${name}\\}|${name}(?![A-Za-z0-9_]))`, 'g'),
    value,
    written: `$${name}`,
  }));
  const substitution = command.match(GIT_ROOT_SUBSTITUTION)?.[0];
  const root = substitution === undefined ? null : gitRoot();
  if (substitution !== undefined && root !== null) known.push({ pattern: GIT_ROOT_SUBSTITUTION, value: root, written: substitution });
  const token = (index: number) => `\u0001hookctl${index}\u0001`;
  let text = command;
  known.forEach(({ pattern }, index) => {
    text = text.replace(pattern, token(index));
  });
  const script = commandScript(text);
  if (script === null) return null;
  let path = script.path;
  let written = script.path;
  known.forEach(({ value, written: shown }, index) => {
    path = path.replaceAll(token(index), value);
    written = written.replaceAll(token(index), shown);
  });
  return { script: { ...script, path }, written };
}
