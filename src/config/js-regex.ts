/**
 * Agents written in JavaScript (Claude Code, Gemini CLI) test a regex matcher with
 * `new RegExp(matcher).test(target)` (no flags, so Annex B syntax). hookctl may not run a JavaScript
 * regex at dispatch time: a backtracking engine can stall on a hostile pattern (SPEC §6.1). This
 * module rewrites a JavaScript pattern into an RE2 pattern that accepts exactly the same strings,
 * so a linear-time engine can evaluate it, or says why it cannot: look-around and back-references
 * have no linear-time equivalent, and a few rare escapes are refused rather than guessed.
 *
 * What changes in the rewrite: `.` and `\s`/`\S` get JavaScript's character sets spelled out (RE2's
 * `.` excludes only `\n`, its `\s` is ASCII), identity escapes (`\z`, `\p`, `\A` mean the letter in
 * JavaScript) become literals, `\uHHHH`/`\xHH`/`\cX`/`\0` become code points, and every other
 * literal is written as `\x{…}` so no RE2-only syntax (`[[:alpha:]]`, `\Q…\E`, `(?i)`) can appear.
 */

export type JsRegexTranslation = { ok: true; re2: string } | { ok: false; unsupported: string };

/** JavaScript's WhiteSpace and LineTerminator code points, the set `\s` matches (ECMA-262 CharacterClassEscape). */
const JS_SPACE_RANGES = '\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** What `.` matches without the `s` flag: anything but a line terminator. */
const JS_DOT = '[^\\x{A}\\x{D}\\x{2028}\\x{2029}]';

class Unsupported extends Error {}

/** Rewrites a pattern that `new RegExp(pattern)` accepted; see the module comment. */
export function translateJsRegex(pattern: string): JsRegexTranslation {
  try {
    const parser = new Parser(pattern);
    const re2 = parser.disjunction();
    if (parser.index < pattern.length) throw new Unsupported(`unexpected ${JSON.stringify(pattern[parser.index])}`);
    return { ok: true, re2 };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, unsupported: error.message };
    throw error;
  }
}

function hex(codePoint: number): string {
  return `\\x{${codePoint.toString(16).toUpperCase()}}`;
}

/** A literal code point for RE2: letters and digits as they are, everything else as `\x{…}`. */
function literal(codePoint: number): string {
  checkBmp(codePoint);
  const char = String.fromCodePoint(codePoint);
  return /^[A-Za-z0-9_]$/.test(char) ? char : hex(codePoint);
}

/**
 * JavaScript without the `u` flag sees a character outside the Basic Multilingual Plane as two code
 * units (a quantifier after it repeats only the second one); RE2 sees one code point. Refused.
 */
function checkBmp(codePoint: number): void {
  if (codePoint > 0xffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
    throw new Unsupported('characters outside the Basic Multilingual Plane (surrogate pairs) are matched differently');
  }
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isHex = (text: string) => /^[0-9A-Fa-f]+$/.test(text);

/** A class item: a code point (may start or end a range) or a set escape (may not). */
type ClassItem = { kind: 'char'; code: number } | { kind: 'set'; text: string };

class Parser {
  index = 0;
  private readonly hasNamedGroups: boolean;

  constructor(private readonly source: string) {
    this.hasNamedGroups = /\(\?<[^=!]/.test(source);
  }

  disjunction(): string {
    const alternatives = [this.alternative()];
    while (this.peek() === '|') {
      this.index++;
      alternatives.push(this.alternative());
    }
    return alternatives.join('|');
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.index + offset];
  }

  private alternative(): string {
    let out = '';
    while (this.index < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.term();
      out += atom.text + (atom.quantifiable ? this.quantifier() : '');
    }
    return out;
  }

  private term(): { text: string; quantifiable: boolean } {
    const char = this.source[this.index]!;
    switch (char) {
      case '^':
      case '$':
        this.index++;
        return { text: char, quantifiable: false };
      case '.':
        this.index++;
        return { text: JS_DOT, quantifiable: true };
      case '(':
        return { text: this.group(), quantifiable: true };
      case '[':
        return { text: this.characterClass(), quantifiable: true };
      case '\\':
        return this.atomEscape();
      default: {
        const code = this.source.codePointAt(this.index)!;
        this.index += 1;
        return { text: literal(code), quantifiable: true };
      }
    }
  }

  private group(): string {
    const rest = this.source.slice(this.index);
    if (/^\(\?(=|!|<=|<!)/.test(rest)) throw new Unsupported('look-around (look-ahead or look-behind) has no linear-time equivalent');
    let open: string;
    if (rest.startsWith('(?:')) {
      open = '(?:';
      this.index += 3;
    } else if (rest.startsWith('(?<')) {
      // A named group: names only matter to back-references, refused below.
      const close = rest.indexOf('>');
      this.index += close + 1;
      open = '(?:';
    } else {
      open = '(';
      this.index += 1;
    }
    const inner = this.disjunction();
    if (this.peek() !== ')') throw new Unsupported('unterminated group');
    this.index++;
    return `${open}${inner})`;
  }

  /** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy; a `{` that is none of them is a literal. */
  private quantifier(): string {
    const char = this.peek();
    let text = '';
    if (char === '*' || char === '+' || char === '?') {
      this.index++;
      text = char;
    } else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.index));
      if (!match) return '';
      this.index += match[0].length;
      text = match[0];
    } else return '';
    if (this.peek() === '?') {
      this.index++;
      text += '?';
    }
    return text;
  }

  private atomEscape(): { text: string; quantifiable: boolean } {
    const next = this.peek(1);
    if (next === undefined) throw new Unsupported('a trailing backslash');
    if (next === 'b' || next === 'B') {
      this.index += 2;
      return { text: `\\${next}`, quantifiable: false };
    }
    if (isDigit(next) && next !== '0') throw new Unsupported('back-references have no linear-time equivalent');
    if (next === 'k' && this.hasNamedGroups) throw new Unsupported('back-references have no linear-time equivalent');
    const item = this.escapeItem(false);
    return { text: item.kind === 'char' ? literal(item.code) : item.text, quantifiable: true };
  }

  /** The escape at the cursor (a backslash and what follows), inside a class or out. */
  private escapeItem(inClass: boolean): ClassItem {
    const next = this.source[this.index + 1]!;
    this.index += 2;
    switch (next) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return { kind: 'set', text: `\\${next}` };
      case 's':
        return { kind: 'set', text: inClass ? JS_SPACE_RANGES : `[${JS_SPACE_RANGES}]` };
      case 'S':
        if (inClass) throw new Unsupported('\\S inside a character class');
        return { kind: 'set', text: `[^${JS_SPACE_RANGES}]` };
      case 't':
        return { kind: 'char', code: 0x9 };
      case 'n':
        return { kind: 'char', code: 0xa };
      case 'v':
        return { kind: 'char', code: 0xb };
      case 'f':
        return { kind: 'char', code: 0xc };
      case 'r':
        return { kind: 'char', code: 0xd };
      case 'b':
        // Only reached inside a class, where \b is a backspace.
        return { kind: 'char', code: 0x8 };
      case '0':
        if (isDigit(this.peek())) throw new Unsupported('legacy octal escapes');
        return { kind: 'char', code: 0 };
      case 'c': {
        const letter = this.peek();
        if (letter !== undefined && /[A-Za-z]/.test(letter)) {
          this.index++;
          return { kind: 'char', code: letter.charCodeAt(0) % 32 };
        }
        throw new Unsupported('"\\c" without a control letter');
      }
      case 'x': {
        const digits = this.source.slice(this.index, this.index + 2);
        if (digits.length === 2 && isHex(digits)) {
          this.index += 2;
          return { kind: 'char', code: parseInt(digits, 16) };
        }
        return { kind: 'char', code: 0x78 };
      }
      case 'u': {
        const digits = this.source.slice(this.index, this.index + 4);
        if (digits.length === 4 && isHex(digits)) {
          this.index += 4;
          const code = parseInt(digits, 16);
          checkBmp(code);
          return { kind: 'char', code };
        }
        return { kind: 'char', code: 0x75 };
      }
      default:
        if (inClass && isDigit(next)) throw new Unsupported('legacy octal escapes');
        // An identity escape: the character itself (`\z` is "z", `\.` is ".").
        this.index -= 1;
        {
          const code = this.source.codePointAt(this.index)!;
          checkBmp(code);
          this.index += 1;
          return { kind: 'char', code };
        }
    }
  }

  private characterClass(): string {
    this.index++;
    const negated = this.peek() === '^';
    if (negated) this.index++;
    const items: ClassItem[] = [];
    while (this.peek() !== ']') {
      if (this.index >= this.source.length) throw new Unsupported('unterminated character class');
      items.push(this.classItem());
    }
    this.index++;
    const parts: string[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const dash = items[i + 1];
      const end = items[i + 2];
      // `a-z` is a range only between two single characters (Annex B: `\d-z` is three items).
      if (item.kind === 'char' && dash?.kind === 'char' && dash.code === 0x2d && end?.kind === 'char' && !this.escapedDash.has(dash)) {
        parts.push(`${hex(item.code)}-${hex(end.code)}`);
        i += 2;
      } else parts.push(item.kind === 'char' ? hex(item.code) : item.text);
    }
    if (parts.length === 0) return negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
    return `[${negated ? '^' : ''}${parts.join('')}]`;
  }

  /** Dashes written as `\-`: never a range operator. */
  private readonly escapedDash = new Set<ClassItem>();

  private classItem(): ClassItem {
    if (this.peek() === '\\') {
      const escapedDash = this.peek(1) === '-';
      const item = this.escapeItem(true);
      if (escapedDash) this.escapedDash.add(item);
      return item;
    }
    const code = this.source.codePointAt(this.index)!;
    checkBmp(code);
    this.index += 1;
    return { kind: 'char', code };
  }
}
