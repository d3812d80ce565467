import { basename } from 'node:path';

/** Programs that run the script named by their first non-option argument. */
const INTERPRETERS = new Set([
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'fish',
  'python', 'python2', 'python3', 'node', 'deno', 'bun', 'tsx', 'ts-node',
  'ruby', 'perl', 'php', 'lua', 'pwsh', 'Rscript',
]);

/** Interpreter options whose argument is inline code or a module, not a script file. */
const CODE_OPTIONS = new Set(['-c', '-e', '-m', '-p', '-r', '--eval', '--print', '--command']);

/** Package runners that prefix an interpreter (`npx tsx a.ts`, `bunx tsx a.ts`). */
const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);

export interface CommandScript {
  /** The script path as written (relative or absolute). */
  path: string;
  /** True when the shell executes the file itself (it needs the execute bit), false when an interpreter reads it. */
  direct: boolean;
}

/** The script file a hook command runs, as written; see commandScript. */
export function scriptPathOf(command: string): string | null {
  return commandScript(command)?.path ?? null;
}

/**
 * The script file a hook command runs, as written (relative or absolute), or null when the command
 * runs no file we can name statically (a program on PATH, inline code, a path built from variables).
 * Only the first simple command counts: in `./a.sh && ./b.sh` it is `./a.sh`.
 *
 * Recognised forms: `./x.sh`, `scripts/x.sh`, `/abs/x.sh`, `VAR=1 ./x.sh`, `exec ./x.sh`,
 * `<interpreter> [options] x` (`python3 .openinterpreter/hooks/gate.py`, `node scripts/a.mjs`,
 * `bash x.sh`, `/usr/bin/env python3 x.py`, `deno run x.ts`, `npx tsx x.ts`).
 */
export function commandScript(command: string): CommandScript | null {
  return scriptOfWords(firstSimpleCommand(command));
}

/**
 * The script file a command given as words runs (the words of a shell command after quote removal,
 * or an exec-form program and its arguments), by the rules of commandScript.
 */
export function scriptOfWords(words: readonly string[]): CommandScript | null {
  let i = 0;
  const skipAssignments = () => {
    while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
  };
  skipAssignments();
  if (words[i] === 'exec') i++;
  if (words[i] !== undefined && basename(words[i]!) === 'env') {
    i++;
    while (words[i]?.startsWith('-')) i++;
    skipAssignments();
  }
  if (words[i] !== undefined && RUNNERS.has(words[i]!)) {
    i++;
    while (words[i]?.startsWith('-')) i++;
  }
  const program = words[i];
  if (program === undefined || isDynamic(program)) return null;
  if (!isInterpreter(basename(program))) return program.includes('/') ? { path: program, direct: true } : null;
  i++;
  if (basename(program) === 'deno' && words[i] === 'run') i++;
  while (words[i]?.startsWith('-')) {
    if (CODE_OPTIONS.has(words[i]!)) return null;
    i++;
  }
  const script = words[i];
  return script === undefined || isDynamic(script) ? null : { path: script, direct: false };
}

function isInterpreter(name: string): boolean {
  return INTERPRETERS.has(name) || /^python3\.\d+$/.test(name);
}

/** A word the shell would expand, so its file cannot be known without running the shell. */
function isDynamic(word: string): boolean {
  return /[$`*?]/.test(word);
}

/**
 * A run of characters the shell takes literally (no quote, escape, blank or operator), consumed
 * whole rather than one character at a time: lint tokenises the command of every handler.
 */
const PLAIN_RUN = /[^\s'"\\;&|()<>]+/y;

/**
 * The words of the command's first simple command, with quotes removed. Stops at the first unquoted
 * control operator (`;`, `&`, `|`, newline, so also `&&` and `||`), subshell paren or redirection.
 */
function firstSimpleCommand(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    PLAIN_RUN.lastIndex = i;
    if (PLAIN_RUN.test(command)) {
      word = (word ?? '') + command.slice(i, PLAIN_RUN.lastIndex);
      i = PLAIN_RUN.lastIndex - 1;
      continue;
    }
    const char = command[i]!;
    if (char === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end === -1 ? command.length : end;
      word = (word ?? '') + command.slice(i + 1, stop);
      i = stop;
    } else if (char === '"') {
      let text = '';
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && j + 1 < command.length && '"\\$`'.includes(command[j + 1]!)) j++;
        text += command[j];
      }
      word = (word ?? '') + text;
      i = j;
    } else if (char === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i];
    } else if (/\s/.test(char) || ';&|()<>'.includes(char)) {
      if (word !== null) words.push(word);
      word = null;
      // Past an operator or a redirection come other commands or a redirection target, not arguments.
      if (!/\s/.test(char) || char === '\n') return words;
    } else {
      // A lone trailing backslash is an ordinary character.
      word = (word ?? '') + char;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
