import { basename, isAbsolute, join, normalize } from 'node:path';

/**
 * What files a hook command runs, read statically from the command text — for script-aware trust
 * (an edit to any of them revokes trust, SPEC 6.1.2) and for lint's script checks.
 *
 * The command is split the way `sh -c` splits it into simple commands (`;`, `&&`, `||`, `|`, `&`,
 * newlines, subshell parentheses; comments dropped; quotes removed). In each simple command:
 * assignments and wrappers (`exec`, `command`, `env …`, `nohup`, `time`, `nice …`) are skipped; `cd
 * DIR` moves where later relative paths resolve; `. f` / `source f` read a script; a path with a
 * slash is a script the shell executes; an interpreter (`sh`, `bash`, `node`, `python3`, `deno`, …)
 * reads the script named by its first operand, past its options — each interpreter's options that
 * take an argument are known (`bash -o pipefail`, `python3 -W ignore`), files it preloads are
 * scripts too (`node --require ./pre.js`), inline code is searched again (`sh -c ./x.sh`), and one
 * with no operand reads the file redirected to its stdin (`sh < x.sh`).
 *
 * Where the code a command runs can not be named — a word the shell expands at run time (`$X/x.sh`,
 * `$(…)`, globs), `eval`, a package runner (`npx pkg`), a project task runner (`make`, `npm run`),
 * a module (`python3 -m pkg`), a script piped in, a `cd` to somewhere unknown — the result says so
 * in `untracked`, and the trust review says "scripts not tracked" instead of implying coverage.
 * Files a script loads in turn (imports, sourced helpers) are never tracked.
 */
export interface CommandScript {
  /** The script path as written, with any `cd` before it applied (relative or absolute). */
  path: string;
  /** True when the shell executes the file itself (it needs the execute bit), false when an interpreter reads it. */
  direct: boolean;
  /**
   * The program that reads the file (`bash`, `python3`, `uv`, `node`; `.` for a sourced file), by its
   * base name; null when the shell executes it. What a missing script exits with depends on it.
   */
  runner: string | null;
  /**
   * Set when the command finds this script with the upward-search prologue (see upwardSearch): the
   * path the loop looks for in each directory (`REL`); `path` is then where it was found.
   */
  searched?: string;
}

export interface CommandScripts {
  /** Every script file the command runs, preloads or sources, in order, without repeats. */
  scripts: CommandScript[];
  /** Directories the command `cd`s into (relative to where it runs, or absolute), in order, without repeats. */
  dirs: string[];
  /** Why some code the command runs can not be named statically, else null. */
  untracked: string | null;
}

/** The script file a hook command runs first, as written; see commandScript. */
export function scriptPathOf(command: string): string | null {
  return commandScript(command)?.path ?? null;
}

/**
 * The script the command's first simple command runs, when it names one (lint checks that it
 * exists and is executable). A `cd` first makes it null: lint does not follow directories.
 */
export function commandScript(command: string): CommandScript | null {
  const first = splitCommand(command).commands[0];
  if (first === undefined) return null;
  const found = new Analysis();
  found.simpleCommand(first, '.', 0);
  return found.scripts[0] ?? null;
}

/**
 * The script an exec-form command runs (a program and its arguments, spawned with no shell), by
 * the rules of commandScript. No shell expands anything here, but a `${…}` placeholder left over
 * is one whose value is unknown, so that word names no file lint can check.
 */
export function scriptOfWords(words: readonly string[]): CommandScript | null {
  const simple: SimpleCommand = {
    words: words.map((text) => ({ text, dynamic: text.includes('${') })),
    stdinFile: null,
    piped: false,
    opens: 0,
    closes: 0,
    end: '',
  };
  const found = new Analysis();
  found.simpleCommand(simple, '.', 0);
  return found.scripts[0] ?? null;
}

/**
 * Every script, preload and sourced file the command runs, the `cd` targets, and what can not be
 * known. With `gitRoot`, `$(git rev-parse --show-toplevel 2>/dev/null || pwd)` (the anchor scaffolds and lint suggest
 * where the agent sets no project-dir variable) stands for that directory.
 */
export function commandScripts(
  command: string,
  gitRoot: string | null = null,
  findUp: ((rel: string) => string) | null = null,
): CommandScripts {
  const analysis = new Analysis();
  const search = findUp === null ? null : upwardSearch(command);
  if (search !== null && findUp !== null) {
    analysis.run(search.tail, '.', 0);
    const found = findUp(search.rel);
    const scripts = analysis.scripts.map((script) =>
      script.path === UPWARD_TOKEN ? { ...script, path: found, searched: search.rel } : script,
    );
    return { scripts, dirs: analysis.dirs, untracked: analysis.untracked };
  }
  analysis.run(gitRoot === null ? command : withGitRoot(command, gitRoot), '.', 0);
  return { scripts: analysis.scripts, dirs: analysis.dirs, untracked: analysis.untracked };
}

// ---------------------------------------------------------------------------------------------
// The upward search

/**
 * A command that finds its script by walking up from where it runs (issue 44; the bundled
 * examples use it so they work in place and copied to a repository's root):
 *
 *     d=$PWD; while [ -n "$d" ] && [ ! -f "$d/REL" ]; do d=${d%/*}; done; [ -n "$d" ] || { echo "MSG" >&2; exit N; }; exec WORDS
 *
 * Exactly this shape, with any run of blanks (spaces, tabs) where one blank stands, a newline for
 * any `;` (blank lines after it, and after `&&`, `||`, `{`, `do`), `"$PWD"` for `$PWD`, and:
 * - REL a plain relative path: segments of `[A-Za-z0-9._-]`, separated by `/`, none of them `..`;
 * - MSG any text without `"`, `$`, backquote or `\`, except `$PWD` / `${PWD}`; N a number;
 * - WORDS plain words (`[A-Za-z0-9_./=+:@%,-]`, unquoted) and at least one `"$d/REL"`, with the same
 *   REL as the test: `exec python3 "$d/REL"`, `exec "$d/REL"`, `exec node --flag "$d/REL" arg`.
 *
 * `"$d/REL"` then names the file at REL in the nearest directory, among the one the hook runs in
 * and its ancestors as `${d%/*}` strips them (upwardDirs), that holds REL as a file; any other
 * command, close as it may be, expands `$d` at run time and stays "not tracked".
 */
export interface UpwardSearch {
  /** REL: the path the loop looks for in each directory. */
  rel: string;
  /** The `exec …` after the prologue, with each `"$d/REL"` replaced by UPWARD_TOKEN (one word). */
  tail: string;
}

/** Stands for `"$d/REL"` in the tail: absolute, so no `cd` moves it, and one word without shell characters. */
const UPWARD_TOKEN = '/\u0001hookctl-upward\u0001';

const REL = '[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)*';
const MSG = '(?:[^"$`\\\\]|\\$PWD(?![A-Za-z0-9_])|\\$\\{PWD\\})*';
/** Blanks inside a simple command: a newline there would end it, so it is no blank here. */
const B = '[ \\t]+';
const B0 = '[ \\t]*';
/** `;` or a newline between two commands; blank lines may follow. */
const SEP = `${B0}[;\\n][ \\t\\n]*`;
/** After `&&`, `||`, `{` and `do` the shell reads on across newlines. */
const ON = '[ \\t\\n]*';
const UPWARD_PROLOGUE = new RegExp(
  [
    `^[ \\t\\n]*d=(?:\\$PWD|"\\$PWD")${SEP}`,
    `while${B}\\[${B}-n${B}"\\$d"${B}\\]${B0}&&${ON}\\[${B}!${B}-f${B}"\\$d/(${REL})"${B}\\]${SEP}`,
    `do[ \\t\\n]+d=\\$\\{d%/\\*\\}${SEP}done${SEP}`,
    `\\[${B}-n${B}"\\$d"${B}\\]${B0}\\|\\|${ON}\\{[ \\t\\n]+echo${B}"${MSG}"${B0}>&2${SEP}exit${B}\\d{1,3}${SEP}\\}${SEP}`,
    `(exec[ \\t][^\\n]*?)[ \\t\\n]*$`,
  ].join(''),
);
const PLAIN_WORD = /^[A-Za-z0-9_./=+:@%,-]+$/;

/** The upward-search prologue and what follows it, when the command has exactly that shape; else null. */
export function upwardSearch(command: string): UpwardSearch | null {
  const match = UPWARD_PROLOGUE.exec(command);
  if (match === null) return null;
  const rel = match[1]!;
  if (rel.split('/').includes('..')) return null;
  const words = match[2]!.split(/[ \t]+/);
  const use = `"$d/${rel}"`;
  if (words[0] !== 'exec' || !words.includes(use)) return null;
  if (!words.slice(1).every((word) => word === use || PLAIN_WORD.test(word))) return null;
  return { rel, tail: words.map((word) => (word === use ? UPWARD_TOKEN : word)).join(' ') };
}

/**
 * The values `$d` takes in the loop, nearest first: `start` (the shell's `$PWD`, absolute), then
 * each shorter prefix as `${d%/*}` strips the last `/…`, down to the empty string, where the loop
 * stops. So `/` itself is tried only by a loop that starts there (`d=/` looks at `//REL`), exactly
 * as the shell does.
 */
export function upwardDirs(start: string): string[] {
  const dirs: string[] = [];
  for (let d = start; d !== '' && d.includes('/'); d = d.slice(0, d.lastIndexOf('/'))) dirs.push(d);
  return dirs;
}

/**
 * Where the upward search for `rel` from `start` finds it: the candidate of the nearest directory
 * where `isFile` holds (the shell's `[ -f ]`: a regular file, symlinks followed), with the
 * candidates before it, which are not; when none holds, `found` is null and every candidate was tried.
 */
export function findUpward(rel: string, start: string, isFile: (path: string) => boolean): { found: string | null; tried: string[] } {
  const tried: string[] = [];
  for (const dir of upwardDirs(start)) {
    const candidate = dir === '/' ? `/${rel}` : `${dir}/${rel}`;
    if (isFile(candidate)) return { found: candidate, tried };
    tried.push(candidate);
  }
  return { found: null, tried };
}

/**
 * The command substitution that prints the repository root (the cwd outside one, or without git):
 * the anchor for agents without a project-dir variable. The short form without the fallback counts too.
 */
export const GIT_ROOT_SUBSTITUTION = /\$\(git rev-parse --show-toplevel(?: 2>\/dev\/null)?(?: \|\| pwd)?\)/g;

/**
 * The command with the git-root substitution written as the directory it prints. Only where that
 * changes no word boundary: inside double quotes when the path holds nothing double quotes
 * interpret, bare when it holds no shell character at all; otherwise it stays unknown.
 */
function withGitRoot(command: string, root: string): string {
  let text = command;
  const quoted = new RegExp(`"${GIT_ROOT_SUBSTITUTION.source}"`, 'g');
  if (!/["$`\\]/.test(root)) text = text.replace(quoted, () => `"${root}"`);
  if (/^[\w./@+-]+$/.test(root)) text = text.replace(GIT_ROOT_SUBSTITUTION, () => root);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Words and simple commands

interface Word {
  /** Text with quotes removed. */
  text: string;
  /** Holds an unquoted `$`, backquote or glob character: the shell changes it at run time. */
  dynamic: boolean;
}

interface SimpleCommand {
  words: Word[];
  /** Target of a `<` redirection (the command's stdin), when there is one. */
  stdinFile: Word | null;
  /** True when the command reads from a pipe (it follows `|`). */
  piped: boolean;
  /** Subshell depth change before this command: +1 per `(`, and -1 per `)` after it. */
  opens: number;
  closes: number;
  /** Operator that ended it: `cd` only carries across `;`, `&&`, `||` and newlines in the same shell. */
  end: string;
}

interface Split {
  commands: SimpleCommand[];
  /** A construct the splitter does not follow (here-document, process substitution), else null. */
  problem: string | null;
}

const OPERATORS = ['&&', '||', ';;', ';', '&', '|', '\n'];

/** Splits command text into simple commands the way `sh -c` would, without expanding anything. */
export function splitCommand(command: string): Split {
  const commands: SimpleCommand[] = [];
  let problem: string | null = null;
  let current = emptyCommand(false, 0);
  let word: Word | null = null;
  let redirect: 'in' | 'out' | null = null;
  const finishWord = (): void => {
    if (word === null) return;
    if (redirect === 'in') current.stdinFile = word;
    else if (redirect === null) current.words.push(word);
    redirect = null;
    word = null;
  };
  const finishCommand = (end: string): void => {
    finishWord();
    current.end = end;
    if (current.words.length > 0 || current.opens > 0 || current.closes > 0) commands.push(current);
    current = emptyCommand(end === '|', 0);
  };
  const dropFdNumber = (): void => {
    if (word !== null && !word.dynamic && /^\d+$/.test(word.text)) word = null;
  };
  const append = (text: string, dynamic = false): void => {
    word = { text: (word?.text ?? '') + text, dynamic: (word?.dynamic ?? false) || dynamic };
  };

  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (char === '\\') {
      if (command[i + 1] === '\n')
        i++; // a line continuation
      else append(command[++i] ?? '\\');
      continue;
    }
    if (char === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end === -1 ? command.length : end;
      append(command.slice(i + 1, stop));
      i = stop;
      continue;
    }
    if (char === '"') {
      let j = i + 1;
      let text = '';
      let dynamic = false;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && j + 1 < command.length && '"\\$`\n'.includes(command[j + 1]!)) {
          j++;
          if (command[j] !== '\n') text += command[j];
          continue;
        }
        if (command[j] === '$' || command[j] === '`') dynamic = true;
        if (command.startsWith('$(', j) || command[j] === '`') problem ??= 'it runs a command substitution';
        text += command[j];
      }
      append(text, dynamic);
      i = j;
      continue;
    }
    if (char === '#' && word === null) {
      const end = command.indexOf('\n', i);
      i = end === -1 ? command.length : end - 1;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') {
      finishWord();
      continue;
    }
    const operator = OPERATORS.find((op) => command.startsWith(op, i));
    if (operator !== undefined) {
      finishCommand(operator);
      i += operator.length - 1;
      continue;
    }
    if (char === '(' && word === null) {
      if (command[i + 1] === '(') problem ??= 'it uses shell arithmetic';
      current.opens++;
      continue;
    }
    if (char === ')') {
      finishWord();
      // `)` ends the command; the next one starts after the subshell.
      current.closes++;
      finishCommand(')');
      continue;
    }
    if (char === '<' || char === '>') {
      if (command.startsWith('<<', i)) problem ??= 'it uses a here-document';
      if (command.startsWith('<(', i) || command.startsWith('>(', i)) problem ??= 'it uses process substitution';
      // An fd number written right before the operator (2>) is not a word of the command.
      dropFdNumber();
      finishWord();
      redirect = char === '<' ? 'in' : 'out';
      while (command[i + 1] === '<' || command[i + 1] === '>' || command[i + 1] === '&' || command[i + 1] === '|') i++;
      continue;
    }
    if (char === '$' || char === '`' || char === '*' || char === '?') {
      if (command.startsWith('$(', i) || char === '`') problem ??= 'it runs a command substitution';
      append(char, true);
      continue;
    }
    append(char);
  }
  finishCommand('');
  return { commands, problem };
}

function emptyCommand(piped: boolean, opens: number): SimpleCommand {
  return { words: [], stdinFile: null, piped, opens, closes: 0, end: '' };
}

// ---------------------------------------------------------------------------------------------
// Interpreters

interface Interpreter {
  /** Options followed by a separate argument (`-o pipefail`, `-W ignore`). */
  withArgument: ReadonlySet<string>;
  /** Options whose argument is inline code: no script operand follows. `recurse`: the code is shell. */
  inlineCode: ReadonlySet<string>;
  /** Options whose argument is a file the interpreter loads before the script (`node --require ./pre.js`). */
  preload: ReadonlySet<string>;
  /** Options whose argument is a module run instead of a script (`python3 -m pkg`). */
  module: ReadonlySet<string>;
  /** The inline code is shell: search it again (`sh -c ./x.sh`). */
  shell: boolean;
  /** Single-letter options can be clustered (`-euo pipefail`, `-ec 'cmd'`). */
  clusters: boolean;
  /** A subcommand word to skip before the script (`deno run x.ts`, `bun run x.ts`). */
  subcommand?: string;
  /** Without its subcommand the program runs no script (`uv pip …`, `pnpm install`). */
  needsSubcommand?: true;
  /** A launcher: its operand may be another program, read again (`uv run python3 x.py`, `pnpm exec tsx x.ts`). */
  launches?: true;
  /** Options that move where a relative script resolves (`uv run --directory d x.py`): not followed. */
  movesDirectory?: ReadonlySet<string>;
}

const set = (...items: string[]): ReadonlySet<string> => new Set(items);

const SHELL: Interpreter = {
  withArgument: set('-o', '+o', '-O', '+O', '--rcfile', '--init-file'),
  inlineCode: set('-c'),
  preload: set(),
  module: set(),
  shell: true,
  clusters: true,
};
const NODE: Interpreter = {
  withArgument: set(
    '--conditions',
    '-C',
    '--input-type',
    '--title',
    '--inspect-port',
    '--stack-size',
    '--env-file',
    '--experimental-default-type',
    '--watch-path',
  ),
  inlineCode: set('-e', '--eval', '-p', '--print'),
  preload: set('-r', '--require', '--import', '--loader', '--experimental-loader'),
  module: set(),
  shell: false,
  clusters: false,
};
const PYTHON: Interpreter = {
  withArgument: set('-W', '-X', '--check-hash-based-pycs'),
  inlineCode: set('-c'),
  preload: set(),
  module: set('-m'),
  shell: false,
  clusters: true,
};
const RUBY: Interpreter = {
  withArgument: set('-I', '-C', '-E', '--encoding'),
  inlineCode: set('-e'),
  preload: set(),
  module: set('-r'),
  shell: false,
  clusters: false,
};
const PERL: Interpreter = {
  withArgument: set('-I', '-M', '-m'),
  inlineCode: set('-e', '-E'),
  preload: set(),
  module: set(),
  shell: false,
  clusters: false,
};
const DENO: Interpreter = {
  withArgument: set('--config', '-c', '--import-map', '--lock', '--cert', '--location', '--seed', '--env-file'),
  inlineCode: set(),
  preload: set('--preload'),
  module: set(),
  shell: false,
  clusters: false,
  subcommand: 'run',
};
const BUN: Interpreter = {
  ...NODE,
  withArgument: set('--cwd', '--config', '-c', '--env-file'),
  preload: set('-r', '--preload', '--require'),
  subcommand: 'run',
};
/** `uv run [options] x.py` runs a script with the project's Python; `uv run python3 x.py` a program. */
const UV: Interpreter = {
  withArgument: set(
    '--with',
    '-w',
    '--with-requirements',
    '--with-editable',
    '--python',
    '-p',
    '--project',
    '--env-file',
    '--index',
    '--default-index',
    '--extra',
    '--group',
    '--only-group',
    '--no-group',
    '--package',
  ),
  inlineCode: set(),
  preload: set(),
  module: set('-m', '--module'),
  shell: false,
  clusters: false,
  subcommand: 'run',
  needsSubcommand: true,
  launches: true,
  movesDirectory: set('--directory'),
};
/** `pnpm exec tsx x.ts`, `npm exec -- tsx x.ts`: the operand is a program from node_modules/.bin. */
const PACKAGE_EXEC: Interpreter = {
  withArgument: set('--package', '-c', '--call', '--filter', '-F', '-C', '--dir', '--workspace', '-w'),
  inlineCode: set(),
  preload: set(),
  module: set(),
  shell: false,
  clusters: false,
  subcommand: 'exec',
  needsSubcommand: true,
  launches: true,
};
const GENERIC: Interpreter = {
  withArgument: set(),
  inlineCode: set('-e', '-c', '--eval', '--command', '-Command', '-r'),
  preload: set(),
  module: set('-m'),
  shell: false,
  clusters: false,
};

const INTERPRETERS: Readonly<Record<string, Interpreter>> = {
  sh: SHELL,
  bash: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  mksh: SHELL,
  ash: SHELL,
  fish: { ...SHELL, withArgument: set('-C', '--init-command') },
  node: NODE,
  nodejs: NODE,
  tsx: NODE,
  'ts-node': NODE,
  deno: DENO,
  bun: BUN,
  uv: UV,
  pnpm: PACKAGE_EXEC,
  npm: PACKAGE_EXEC,
  yarn: PACKAGE_EXEC,
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  pypy: PYTHON,
  pypy3: PYTHON,
  ruby: RUBY,
  perl: PERL,
  php: { ...GENERIC, withArgument: set('-c', '-d', '-z'), inlineCode: set('-r'), preload: set('-f') },
  lua: { ...GENERIC, inlineCode: set('-e'), module: set('-l') },
  pwsh: { ...GENERIC, preload: set('-File', '-f') },
  Rscript: GENERIC,
};

function interpreterOf(program: string): Interpreter | undefined {
  const name = basename(program);
  return INTERPRETERS[name] ?? (/^python\d(\.\d+)?$/.test(name) ? PYTHON : undefined);
}

/** Package runners: `npx tsx a.ts` runs a.ts with tsx; `npx some-package` runs code from elsewhere. */
const PACKAGE_RUNNERS = set('npx', 'bunx', 'pnpx', 'uvx');
/** Package runner options followed by a separate argument (`npx -p tsx`, `uvx --from pkg`). */
const RUNNER_OPTIONS_WITH_ARGUMENT = set('-p', '--package', '--from', '--with', '--python', '-c', '--call');
/** Prefixes that run the rest of the words as a command. */
const WRAPPERS = set('exec', 'command', 'builtin', 'nohup', 'time', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', '{');
/** Programs that run tasks defined in project files hookctl does not read (Makefile, package.json…). */
const TASK_RUNNERS = set('make', 'gmake', 'just', 'task', 'rake', 'gradle', 'mvn', 'cargo', 'npm', 'pnpm', 'yarn');
/** Words that end a compound command; nothing to run. */
const CLOSERS = set('fi', 'done', 'esac', '}', 'true', 'false', ':');
/** Shell constructs whose structure is not followed. */
const UNFOLLOWED = set('for', 'case', 'select', 'function', 'eval', 'trap', 'coproc', 'pushd', 'popd');

/** The deepest `sh -c` nesting followed; deeper inline shell is reported as not tracked. */
const MAX_DEPTH = 4;

class Analysis {
  readonly scripts: CommandScript[] = [];
  readonly dirs: string[] = [];
  untracked: string | null = null;

  run(command: string, dir: string | null, depth: number): void {
    const split = splitCommand(command);
    if (split.problem !== null) this.notTracked(split.problem);
    // Each `(` starts a subshell: a `cd` inside it does not move the commands after its `)`.
    const stack: (string | null)[] = [];
    let current: string | null = dir;
    for (const simple of split.commands) {
      for (let i = 0; i < simple.opens; i++) stack.push(current);
      const before = current;
      current = this.simpleCommand(simple, current, depth);
      // Pipelines and background jobs run in subshells: a `cd` there moves nothing after it.
      if (simple.end === '|' || simple.end === '&') current = before;
      for (let i = 0; i < simple.closes; i++) current = stack.pop() ?? current;
    }
  }

  /** Records what one simple command runs; returns the directory later commands resolve in (null: unknown). */
  simpleCommand(simple: SimpleCommand, dir: string | null, depth: number): string | null {
    const words = simple.words;
    let i = 0;
    const skipAssignments = (): void => {
      while (i < words.length && !words[i]!.dynamic && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!.text)) i++;
    };
    skipAssignments();
    for (;;) {
      const word = words[i]?.text;
      if (word === undefined) return dir;
      if (WRAPPERS.has(word)) i++;
      else if (word === 'env' || basename(word) === 'env') {
        i++;
        while (words[i]?.text.startsWith('-')) i += words[i]!.text === '-u' || words[i]!.text === '-C' ? 2 : 1;
        skipAssignments();
      } else if (word === 'nice' || word === 'timeout' || word === 'stdbuf') {
        i++;
        while (words[i]?.text.startsWith('-')) i += /^-(n|s|k|[ioe])$/.test(words[i]!.text) ? 2 : 1;
        if (word === 'timeout') i++; // the duration
      } else break;
    }
    const programWord = words[i]!;
    const program = programWord.text;
    if (CLOSERS.has(program)) return dir;
    if (programWord.dynamic) this.notTracked(`"${program}" expands at run time`);
    else if (UNFOLLOWED.has(program)) this.notTracked(`it uses \`${program}\``);
    else if (program === 'cd') return this.cd(words.slice(i + 1), dir);
    else if (program === '.' || program === 'source') {
      const file = words[i + 1];
      if (file === undefined || file.dynamic) this.notTracked('it sources a file whose name expands at run time');
      else this.addScript(file.text, false, dir, '.');
    } else if (PACKAGE_RUNNERS.has(program)) {
      i++;
      while (words[i]?.text.startsWith('-')) i += RUNNER_OPTIONS_WITH_ARGUMENT.has(words[i]!.text) ? 2 : 1;
      const target = words[i];
      if (target !== undefined && interpreterOf(target.text)) this.interpreter(words, i, dir, simple, depth);
      else if (target !== undefined) this.notTracked(`it runs the package "${target.text}" through ${program}`);
    } else if (interpreterOf(program) && !this.withoutSubcommand(words, i)) this.interpreter(words, i, dir, simple, depth);
    else if (TASK_RUNNERS.has(basename(program))) this.notTracked(`${basename(program)} runs tasks defined in project files`);
    else if (interpreterOf(program)) this.notTracked(`"${basename(program)} ${words[i + 1]?.text ?? ''}" runs no script file`);
    else if (program.includes('/')) this.addScript(program, true, dir, null);
    return dir;
  }

  /** A launcher such as `uv` or `pnpm` used for anything but running a program (`uv sync`, `pnpm install`). */
  private withoutSubcommand(words: readonly Word[], at: number): boolean {
    const spec = interpreterOf(words[at]!.text)!;
    return spec.needsSubcommand === true && words[at + 1]?.text !== spec.subcommand;
  }

  private interpreter(words: readonly Word[], at: number, dir: string | null, simple: SimpleCommand, depth: number): void {
    const spec = interpreterOf(words[at]!.text)!;
    const runner = basename(words[at]!.text);
    let i = at + 1;
    if (spec.subcommand !== undefined && words[i]?.text === spec.subcommand) i++;
    while (i < words.length) {
      const word = words[i]!;
      const text = word.text;
      if (text === '--') {
        i++;
        break;
      }
      if (!/^[-+]./.test(text)) break;
      const name = text.includes('=') ? text.slice(0, text.indexOf('=')) : text;
      if (spec.movesDirectory?.has(name)) {
        this.notTracked(`${runner} ${name} moves where the script is looked up`);
        return;
      }
      const inline = text.includes('=') ? { text: text.slice(text.indexOf('=') + 1), dynamic: word.dynamic } : words[i + 1];
      const step = text.includes('=') ? 1 : 2;
      if (
        spec.inlineCode.has(name) ||
        (spec.clusters &&
          /^-[A-Za-z]+$/.test(text) &&
          text.length > 2 &&
          [...spec.inlineCode].some((code) => code.length === 2 && text.endsWith(code[1]!)))
      ) {
        if (spec.shell && inline !== undefined) this.inlineShell(inline, dir, depth);
        return;
      }
      if (spec.module.has(name)) {
        this.notTracked(`it runs the module "${inline?.text ?? ''}"`);
        return;
      }
      if (spec.preload.has(name)) {
        if (inline !== undefined && looksLikeFile(inline.text)) this.addScript(inline.text, false, dir, runner);
        else if (inline?.dynamic) this.notTracked(`"${inline.text}" expands at run time`);
        i += step;
        continue;
      }
      if (spec.withArgument.has(name)) {
        i += step;
        continue;
      }
      // A cluster such as `-euo pipefail` or `-uW ignore` ends in an option that takes the next word.
      if (
        spec.clusters &&
        /^[-+][A-Za-z]{2,}$/.test(text) &&
        [...spec.withArgument].some((option) => option.length === 2 && text.endsWith(option[1]!))
      ) {
        i += 2;
        continue;
      }
      i++;
    }
    const script = words[i];
    if (script === undefined) {
      // No operand: the interpreter reads its program from stdin.
      if (simple.stdinFile !== null && !simple.stdinFile.dynamic) this.addScript(simple.stdinFile.text, false, dir, runner);
      else
        this.notTracked(simple.piped ? 'it pipes a program into an interpreter' : 'an interpreter reads its program from standard input');
      return;
    }
    if (script.dynamic) {
      this.notTracked(`"${script.text}" expands at run time`);
      return;
    }
    // `uv run python3 x.py`, `pnpm exec tsx x.ts`: the launcher starts another program.
    if (spec.launches && interpreterOf(script.text) && !this.withoutSubcommand(words, i)) {
      this.interpreter(words, i, dir, simple, depth);
      return;
    }
    // `bun run lint` style: a name, not a file, is a task from a project file.
    if (spec.subcommand !== undefined && !looksLikeFile(script.text)) {
      this.notTracked(`it runs the task "${script.text}"`);
      return;
    }
    this.addScript(script.text, false, dir, runner);
  }

  private inlineShell(code: Word, dir: string | null, depth: number): void {
    if (code.dynamic) {
      this.notTracked(`"${code.text}" expands at run time`);
      return;
    }
    if (depth >= MAX_DEPTH) {
      this.notTracked('it nests `sh -c` too deeply');
      return;
    }
    this.run(code.text, dir, depth + 1);
  }

  private cd(args: readonly Word[], dir: string | null): string | null {
    const target = args.find((arg) => !arg.text.startsWith('-') || arg.text === '-');
    if (target === undefined || target.dynamic || target.text === '-' || target.text.startsWith('~')) {
      this.notTracked('it changes to a directory known only at run time');
      return null;
    }
    const next = resolveIn(dir, target.text);
    if (next !== null && !this.dirs.includes(next)) this.dirs.push(next);
    return next;
  }

  private addScript(path: string, direct: boolean, dir: string | null, runner: string | null): void {
    if (path.startsWith('~')) return; // the user's home: the user's own files
    const resolved = resolveIn(dir, path);
    if (resolved === null) {
      this.notTracked(`"${path}" is relative to a directory known only at run time`);
      return;
    }
    if (!this.scripts.some((script) => script.path === resolved)) this.scripts.push({ path: resolved, direct, runner });
  }

  notTracked(reason: string): void {
    this.untracked ??= reason;
  }
}

/** `path` as seen from `dir` (relative to where the command starts, or absolute); null when `dir` is unknown. */
function resolveIn(dir: string | null, path: string): string | null {
  if (isAbsolute(path)) return normalize(path);
  if (dir === null) return null;
  if (dir === '.') return path;
  return join(dir, path);
}

/** A preload argument that names a file rather than a package (`./pre.js`, `/x/y.mjs`, `hooks/setup.ts`). */
function looksLikeFile(text: string): boolean {
  return /^\.{0,2}\//.test(text) || /\.[cm]?[jt]sx?$|\.py$|\.rb$|\.sh$/.test(text);
}
