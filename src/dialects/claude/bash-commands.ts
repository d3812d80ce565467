/**
 * The simple commands a bash command line runs, for a claude `if` rule (SPEC-dialects 8.3; issue 22,
 * hole 5). A managed `Bash(rm *)` guard is only as good as this: the model (or a prompt injection)
 * writes the command, so every form that runs `rm` must yield a simple command whose words are
 * `rm …` — inside subshells and groups, `if`/`while`/`until`/`for`/`case` bodies, after `!`,
 * pipelines and lists, in `$(…)`, backticks, `<(…)`, `>(…)` and `${…}`, with the command
 * word's quotes and escapes removed (`"rm"`, `\rm`, `r''m`, `$'\x72m'`).
 *
 * Each word records whether its text is known before the command runs: a word holding an
 * expansion (`$x`, `$(…)`, an unquoted glob or brace expansion) is `dynamic`, and a dynamic command
 * word cannot be judged. It also records what Claude Code 2.1.328 makes of it (`globOnly`,
 * `opaque`; test/agents/claude/tables.test.ts). What this parser does not understand (a heredoc
 * whose body expands, a `case` inside `$(…)`, unbalanced quotes, nesting past MAX_DEPTH) makes it
 * fail, and the failure says whether it was an unterminated single quote: Claude Code runs an `if`
 * hook for every other such line and skips that one.
 *
 * One pass over the text per nesting level of backticks; no backtracking, so the cost is linear in
 * the command's length times a depth that is capped.
 */

export interface Word {
  /** The word with quotes and escapes removed; expansions kept as written. */
  text: string;
  /** Holds an expansion, glob or brace expansion: what it becomes is only known at run time. */
  dynamic: boolean;
  /** Dynamic only through `*` or `?`: Claude Code tests such a word as written (`r?` is not `rm`). */
  globOnly?: boolean;
  /**
   * Why Claude Code cannot check this word before it runs, when it cannot (a `${…}` expansion, a
   * `case` command): it then runs an `if` hook whatever the rule says. A plain `$VAR` argument,
   * quoted or not, it reads as written.
   */
  opaque?: string;
}

export type SimpleCommand = Word[];

/** Nested `$(…)`, backticks and `-c` scripts deeper than this are not followed (the caller fails open). */
export const MAX_DEPTH = 16;

class Unparsable extends Error {
  constructor(readonly singleQuote = false) {
    super('unparsable');
  }
}

/** Why a line could not be parsed: an unterminated single quote, or anything else. */
export interface ParseFailure {
  readonly unparsable: 'single-quote' | 'other';
}

type Token = { kind: 'word'; word: Word; raw: string; quoted: boolean } | { kind: 'op'; op: string } | { kind: 'redirect'; op: string };

/** The simple commands of `script`, in order; null when it cannot be parsed. */
export function bashCommands(script: string, depth = 0): SimpleCommand[] | null {
  const parsed = parseBash(script, depth);
  return 'unparsable' in parsed ? null : parsed.commands;
}

/** The simple commands of `script`, in order, or why it cannot be parsed. */
export function parseBash(script: string, depth = 0): { commands: SimpleCommand[] } | ParseFailure {
  try {
    const commands: SimpleCommand[] = [];
    const lexer = new Lexer(script, depth, commands);
    const tokens = lexer.tokens(null);
    append(commands, group(tokens));
    return { commands };
  } catch (error) {
    if (error instanceof Unparsable) return { unparsable: error.singleQuote ? 'single-quote' : 'other' };
    throw error;
  }
}

const OPERATORS = ['&&', '||', ';;&', ';;', ';&', ';', '|&', '|', '&', '\n', '(', ')'];
const REDIRECTS = ['&>>', '&>', '<<<', '<<-', '<<', '<>', '<&', '>&', '>|', '>>', '<', '>'];

/**
 * Splits the text into words, operators and redirections. Commands found inside substitutions are
 * pushed to `found` as they are met (they run wherever the substitution stands).
 */
class Lexer {
  private i = 0;
  private readonly pendingHeredocs: { delimiter: string; strip: boolean; expands: boolean }[] = [];

  constructor(
    private readonly text: string,
    private readonly depth: number,
    private readonly found: SimpleCommand[],
  ) {
    if (depth > MAX_DEPTH) throw new Unparsable();
  }

  /** Tokens up to the end, or up to the `)` closing a `$(` when `closer` is ')'. */
  tokens(closer: ')' | null): Token[] {
    const out: Token[] = [];
    let parens = 0;
    for (;;) {
      this.skipBlanks();
      if (this.i >= this.text.length) {
        if (closer !== null || this.pendingHeredocs.length > 0) throw new Unparsable();
        return out;
      }
      const char = this.text[this.i]!;
      if (char === '#') {
        while (this.i < this.text.length && this.text[this.i] !== '\n') this.i++;
        continue;
      }
      if (char === '\n' && this.pendingHeredocs.length > 0) {
        this.i++;
        this.readHeredocBodies();
        out.push({ kind: 'op', op: '\n' });
        continue;
      }
      const redirect = this.redirectAt();
      if (redirect !== null) {
        this.i += redirect.length;
        out.push({ kind: 'redirect', op: redirect });
        if (redirect === '<<' || redirect === '<<-') out.push(this.heredoc(redirect === '<<-'));
        continue;
      }
      const op = OPERATORS.find((candidate) => this.text.startsWith(candidate, this.i));
      if (op !== undefined) {
        if (op === ')' && closer === ')' && parens === 0) {
          this.i++;
          return out;
        }
        if (op === '(') parens++;
        if (op === ')') parens--;
        this.i += op.length;
        out.push({ kind: 'op', op });
        continue;
      }
      const token = this.word();
      // `2>file`, `{fd}>file`: the number is the redirection's, not a word.
      const fd = token.kind === 'word' && /^(?:\d+|\{[A-Za-z_]\w*\})$/.test(token.raw) && this.redirectAt() !== null;
      if (!fd) out.push(token);
    }
  }

  private skipBlanks(): void {
    for (;;) {
      const char = this.text[this.i];
      if (char === ' ' || char === '\t' || char === '\r') this.i++;
      else if (char === '\\' && this.text[this.i + 1] === '\n') this.i += 2;
      else return;
    }
  }

  /** A redirection operator here (with its fd number or `{var}` taken as part of the previous word, see word()). */
  private redirectAt(): string | null {
    if (this.text[this.i] === '<' && this.text[this.i + 1] === '(') return null;
    if (this.text[this.i] === '>' && this.text[this.i + 1] === '(') return null;
    return REDIRECTS.find((candidate) => this.text.startsWith(candidate, this.i)) ?? null;
  }

  /** `<<WORD`: the body lines after the next newline are data, not commands. */
  private heredoc(strip: boolean): Token {
    this.skipBlanks();
    const token = this.word();
    if (token.kind !== 'word' || token.word.dynamic || token.raw === '') throw new Unparsable();
    this.pendingHeredocs.push({ delimiter: token.word.text, strip, expands: !token.quoted });
    return token;
  }

  private readHeredocBodies(): void {
    for (const { delimiter, strip, expands } of this.pendingHeredocs.splice(0)) {
      for (;;) {
        if (this.i >= this.text.length) throw new Unparsable();
        const end = this.text.indexOf('\n', this.i);
        const line = this.text.slice(this.i, end < 0 ? this.text.length : end);
        this.i = end < 0 ? this.text.length : end + 1;
        if ((strip ? line.replace(/^\t+/, '') : line) === delimiter) break;
        // An unquoted delimiter makes the body expand: not followed here, so the caller fails open.
        // Claude Code 2.1.328 runs an `if` hook for any such body, even `hello` (test/agents/claude).
        if (expands) throw new Unparsable();
      }
    }
  }

  /** One word: quotes and escapes removed, expansions noted; substitutions inside are parsed for their commands. */
  private word(): Token {
    let text = '';
    let raw = '';
    let dynamic = false;
    let globs = false;
    let opaque: string | undefined;
    let quoted = false;
    const start = this.i;
    while (this.i < this.text.length) {
      const char = this.text[this.i]!;
      const next = this.text[this.i + 1];
      if (char === ' ' || char === '\t' || char === '\r' || char === '\n') break;
      if (char === '<' || char === '>') {
        if (next === '(') {
          // Process substitution: its commands run.
          this.i += 2;
          this.substitution();
          dynamic = true;
          continue;
        }
        break;
      }
      if (char === '&' || char === '|' || char === ';' || char === '(' || char === ')') break;
      if (char === '\\') {
        if (next === '\n') this.i += 2;
        else {
          if (next === undefined) throw new Unparsable();
          text += next;
          quoted = true;
          this.i += 2;
        }
        continue;
      }
      if (char === "'") {
        const end = this.text.indexOf("'", this.i + 1);
        if (end < 0) throw new Unparsable(true);
        text += this.text.slice(this.i + 1, end);
        quoted = true;
        this.i = end + 1;
        continue;
      }
      if (char === '$' && next === "'") {
        const decoded = this.ansiC();
        if (decoded === null) dynamic = true;
        else text += decoded;
        quoted = true;
        continue;
      }
      if (char === '"' || (char === '$' && next === '"')) {
        if (char === '$') this.i++;
        const inner = this.doubleQuoted();
        text += inner.text;
        dynamic ||= inner.dynamic;
        if (inner.opaque) opaque ??= 'a ${…} expansion';
        quoted = true;
        continue;
      }
      if (char === '$' || char === '`') {
        const before = this.i;
        if (this.expansion()) {
          dynamic = true;
          text += this.text.slice(before, this.i);
          if (this.text.startsWith('${', before)) opaque ??= 'a ${…} expansion';
          continue;
        }
      }
      // Unquoted glob or brace-expansion characters: the word's final text is only known at run time.
      if (char === '*' || char === '?' || char === '[' || char === '{' || char === '}') {
        if (char === '*' || char === '?') globs = true;
        else if (char === '[' || (char === '{' && /^\{[^\s{}]*(,|\.\.)[^\s{}]*\}/.test(this.text.slice(this.i)))) dynamic = true;
      }
      text += char;
      this.i++;
    }
    raw = this.text.slice(start, this.i);
    const word: Word = { text, dynamic: dynamic || globs };
    if (globs && !dynamic) word.globOnly = true;
    if (opaque !== undefined) word.opaque = opaque;
    return { kind: 'word', word, raw, quoted };
  }

  /** At `$` or a backtick: consumes an expansion and returns true; a lone `$` returns false. */
  private expansion(): boolean {
    const char = this.text[this.i]!;
    const next = this.text[this.i + 1];
    if (char === '`') {
      this.i++;
      this.backtick();
      return true;
    }
    if (next === '(') {
      if (this.text[this.i + 2] === '(') {
        this.i += 3;
        this.arithmetic();
        return true;
      }
      this.i += 2;
      this.substitution();
      return true;
    }
    if (next === '[') {
      // Old arithmetic `$[ … ]`.
      const end = this.text.indexOf(']', this.i + 2);
      if (end < 0) throw new Unparsable();
      this.scanExpanding(this.text.slice(this.i + 2, end));
      this.i = end + 1;
      return true;
    }
    if (next === '{') {
      this.i += 2;
      this.braced();
      return true;
    }
    if (next !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(next)) {
      this.i += 2;
      if (/[A-Za-z_]/.test(next)) while (/[A-Za-z0-9_]/.test(this.text[this.i] ?? '')) this.i++;
      return true;
    }
    return false;
  }

  /** `$(` consumed: the commands up to the matching `)` are parsed and found. */
  private substitution(): void {
    const nested = new Lexer(this.text, this.depth + 1, this.found);
    nested.i = this.i;
    const tokens = nested.tokens(')');
    append(this.found, group(tokens, true));
    this.i = nested.i;
  }

  /** A backtick consumed: the text up to the closing one, unescaped, is parsed as a script. */
  private backtick(): void {
    let body = '';
    for (;;) {
      if (this.i >= this.text.length) throw new Unparsable();
      const char = this.text[this.i]!;
      if (char === '`') break;
      if (char === '\\' && /[`\\$]/.test(this.text[this.i + 1] ?? '')) {
        body += this.text[this.i + 1];
        this.i += 2;
        continue;
      }
      body += char;
      this.i++;
    }
    this.i++;
    const commands = bashCommands(body, this.depth + 1);
    if (commands === null) throw new Unparsable();
    append(this.found, commands);
  }

  /** `$((` consumed: up to the matching `))`; substitutions inside still run. */
  private arithmetic(): void {
    let parens = 2;
    const start = this.i;
    while (this.i < this.text.length && parens > 0) {
      const char = this.text[this.i]!;
      if (char === '(') parens++;
      else if (char === ')') parens--;
      this.i++;
    }
    if (parens > 0) throw new Unparsable();
    this.scanExpanding(this.text.slice(start, this.i - 2));
  }

  /** `${` consumed: up to the matching `}`; a default value like `${x:-$(rm y)}` still runs its substitution. */
  private braced(): void {
    let braces = 1;
    const start = this.i;
    while (this.i < this.text.length) {
      const char = this.text[this.i]!;
      if (char === '\\') this.i++;
      else if (char === '{') braces++;
      else if (char === '}' && --braces === 0) break;
      this.i++;
    }
    if (braces > 0) throw new Unparsable();
    this.scanExpanding(this.text.slice(start, this.i));
    this.i++;
  }

  /** Text where `$(…)` and backticks run but nothing else does (arithmetic, `${…}` operands). */
  private scanExpanding(text: string): void {
    if (!/\$\(|`|<\(|>\(/.test(text)) return;
    const nested = new Lexer(`"${text.replaceAll('"', '\\"')}"`, this.depth + 1, this.found);
    nested.word();
  }

  /** After `"` (or `$"`): the string up to the closing quote; `$(…)`, backticks and `${…}` inside run. */
  private doubleQuoted(): { text: string; dynamic: boolean; opaque: boolean } {
    this.i++;
    let text = '';
    let dynamic = false;
    let opaque = false;
    for (;;) {
      if (this.i >= this.text.length) throw new Unparsable();
      const char = this.text[this.i]!;
      if (char === '"') break;
      if (char === '\\') {
        const next = this.text[this.i + 1];
        if (next === undefined) throw new Unparsable();
        if (next === '\n') this.i += 2;
        else {
          text += /[$`"\\]/.test(next) ? next : `\\${next}`;
          this.i += 2;
        }
        continue;
      }
      if (char === '$' || char === '`') {
        const before = this.i;
        if (this.expansion()) {
          dynamic = true;
          opaque ||= this.text.startsWith('${', before);
          text += this.text.slice(before, this.i);
          continue;
        }
      }
      text += char;
      this.i++;
    }
    this.i++;
    return { text, dynamic, opaque };
  }

  /** `$'…'`: decoded; null (dynamic) for an escape this decoder does not know. */
  private ansiC(): string | null {
    this.i += 2;
    let text = '';
    let known = true;
    const simple: Record<string, string> = {
      n: '\n',
      t: '\t',
      r: '\r',
      a: '\x07',
      b: '\b',
      e: '\x1b',
      E: '\x1b',
      f: '\f',
      v: '\v',
      '\\': '\\',
      "'": "'",
      '"': '"',
      '?': '?',
    };
    for (;;) {
      if (this.i >= this.text.length) throw new Unparsable();
      const char = this.text[this.i]!;
      if (char === "'") break;
      if (char !== '\\') {
        text += char;
        this.i++;
        continue;
      }
      const rest = this.text.slice(this.i + 1, this.i + 10);
      const hex = /^x([0-9A-Fa-f]{1,2})/.exec(rest) ?? /^u([0-9A-Fa-f]{1,4})/.exec(rest) ?? /^U([0-9A-Fa-f]{1,8})/.exec(rest);
      const octal = /^([0-7]{1,3})/.exec(rest);
      if (hex) {
        const code = Number.parseInt(hex[1]!, 16);
        if (code > 0x10ffff) known = false;
        else text += String.fromCodePoint(code);
        this.i += 1 + hex[0].length;
      } else if (octal) {
        text += String.fromCharCode(Number.parseInt(octal[1]!, 8) & 0xff);
        this.i += 1 + octal[0].length;
      } else if (rest[0] !== undefined && simple[rest[0]] !== undefined) {
        text += simple[rest[0]];
        this.i += 2;
      } else {
        known = false;
        this.i += 2;
      }
    }
    this.i++;
    return known ? text : null;
  }
}

/** Appends one by one: spreading 100,000 commands into push() would overflow the call stack. */
function append(to: SimpleCommand[], from: readonly SimpleCommand[]): void {
  for (const command of from) to.push(command);
}

/** Words that open, continue or close a compound command where a command word would stand. */
const KEYWORDS = new Set(['!', '{', '}', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', 'fi', 'done', 'esac']);

type Context = 'subshell' | 'case-pattern' | 'case-body';

/**
 * Groups tokens into simple commands: control operators end one; keywords at the command position
 * (`if`, `then`, `!`, `{`, …) are dropped (`time` and `coproc` stay command words, as Claude Code
 * reads them); a subshell's `(` starts a new one; `for NAME in …`, `select`, `[[ … ]]` and
 * `case WORD in` headers and `case` patterns run nothing.
 */
function group(tokens: readonly Token[], insideSubstitution = false): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  const stack: Context[] = [];
  let words: Word[] = [];
  let skipping: 'header' | 'test' | 'redirect-target' | null = null;
  let headerEnd = '';
  const end = () => {
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const top = stack.at(-1);
    if (token.kind === 'redirect') {
      skipping = skipping ?? 'redirect-target';
      continue;
    }
    if (token.kind === 'op') {
      if (skipping === 'redirect-target') skipping = null;
      if (skipping === 'test') continue;
      if (token.op === '(') {
        // `name ( )` defines a function: its body, parsed next, is taken as commands (it may be called).
        if (tokens[index + 1]?.kind === 'op' && (tokens[index + 1] as { op: string }).op === ')' && words.length === 1) {
          words = [];
          index++;
          continue;
        }
        if (top === 'case-pattern') continue;
        end();
        stack.push('subshell');
        continue;
      }
      if (token.op === ')') {
        end();
        if (top === 'case-pattern') stack[stack.length - 1] = 'case-body';
        else if (top === 'subshell') stack.pop();
        else throw new Unparsable();
        skipping = null;
        continue;
      }
      if (skipping === 'header' && (token.op === ';' || token.op === '\n')) skipping = null;
      end();
      if ((token.op === ';;' || token.op === ';&' || token.op === ';;&') && top === 'case-body') stack[stack.length - 1] = 'case-pattern';
      continue;
    }
    if (skipping === 'redirect-target') {
      skipping = null;
      continue;
    }
    if (skipping === 'test') {
      if (!token.quoted && token.word.text === ']]') skipping = null;
      continue;
    }
    if (skipping === 'header') {
      if (!token.quoted && token.word.text === headerEnd) skipping = null;
      continue;
    }
    const keyword = words.length === 0 && !token.quoted ? token.word.text : null;
    if (top === 'case-pattern') {
      if (keyword === 'esac') stack.pop();
      continue;
    }
    if (keyword === 'case') {
      // Inside `$(…)` a pattern's `)` was already read as the substitution's end.
      if (insideSubstitution) throw new Unparsable();
      // Claude Code runs an `if` hook for any line with a `case` (even `case rm in rm) echo;; esac`).
      commands.push([{ text: 'case', dynamic: false, opaque: 'a `case` command' }]);
      stack.push('case-pattern');
      skipping = 'header';
      headerEnd = 'in';
      continue;
    }
    if (keyword === 'esac') {
      end();
      if (top === 'case-body') stack.pop();
      continue;
    }
    if (keyword === 'for' || keyword === 'select') {
      // `for NAME in WORDS;` (the words are data) or `for ((…))`; the body follows `do`.
      skipping = 'header';
      headerEnd = '\u0000';
      continue;
    }
    if (keyword === '[[') {
      skipping = 'test';
      continue;
    }
    if (keyword === 'function') {
      // `function NAME [()] { …; }`: the name is no command.
      index++;
      continue;
    }
    if (keyword !== null && KEYWORDS.has(keyword)) continue;
    words.push(token.word);
  }
  if (skipping === 'header' || skipping === 'test') throw new Unparsable();
  end();
  if (stack.length > 0) throw new Unparsable();
  return commands;
}
