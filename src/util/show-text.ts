/**
 * Text from a repository (commands, matchers, ids, status messages, file names) or from a hook
 * (its output, its reasons) is untrusted: written raw to a terminal, a carriage return, an escape
 * sequence or a bidirectional override can make it render as something else —
 * `curl … | sh #\r\e[2K  command: ./lint.sh` shows as an innocent `command: ./lint.sh` line
 * (SPEC 6.1.3). Everything hookctl shows a person goes through `showText`, which writes such
 * characters out visibly instead.
 *
 * Escaped: every C0 control (U+0000–U+001F, keeping newline and tab only in multi-line text), DEL,
 * every C1 control (U+0080–U+009F), the bidirectional formatting characters (U+061C, U+200E/F,
 * U+202A–U+202E, U+2066–U+2069), the line and paragraph separators (U+2028/9), invisible
 * characters that can hide text (U+00AD, U+200B–U+200D, U+2060–U+2064, U+FEFF, the tag block
 * U+E0000–U+E007F) and lone surrogates. `\r`, `\n`, `\t` keep their usual names; other C0/C1
 * characters and DEL are written `\xHH`, the rest `\uHHHH` or `\u{HHHHH}`. Backslashes are left
 * as they are, so ordinary commands read as written; the cost is that a literal `\r` typed into a
 * command looks like an escaped carriage return — it can make harmless text look suspicious,
 * never the reverse.
 */
export const UNSAFE_CHARACTERS = new RegExp(
  [
    // C0 and C1 controls, DEL, soft hyphen, the Arabic letter mark, zero-width and bidi marks,
    // line and paragraph separators, bidi embeddings and overrides, invisible operators, bidi isolates, BOM.
    '[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]',
    // Tag characters (U+E0000-U+E007F), which spell invisible text, as their surrogate pairs.
    '\\udb40[\\udc00-\\udc7f]',
    // Lone surrogates: a high one not followed by a low one, a low one not preceded by a high one.
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'g',
);

const NAMED: Readonly<Record<string, string>> = { '\r': '\\r', '\n': '\\n', '\t': '\\t' };

export interface ShowTextOptions {
  /** Keep newlines and tabs (hook output, additional context); everything else is still escaped. */
  multiline?: boolean;
}

/** `text` with every character that could change how it renders written out visibly. */
export function showText(text: string, options: ShowTextOptions = {}): string {
  UNSAFE_CHARACTERS.lastIndex = 0;
  if (!UNSAFE_CHARACTERS.test(text)) return text;
  return text.replace(UNSAFE_CHARACTERS, (char) => {
    if (options.multiline && (char === '\n' || char === '\t')) return char;
    return escapeCharacter(char);
  });
}

/** The visible spelling of one unsafe character (a surrogate pair counts as one). */
export function escapeCharacter(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.codePointAt(0)!;
  if (code <= 0x9f) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/**
 * The unsafe characters a value holds that a person cannot see in a config (newline and tab are
 * ordinary in multi-line commands), for the control-character lint rule; empty when clean.
 */
export function hiddenCharacters(text: string): string[] {
  return [...text.matchAll(UNSAFE_CHARACTERS)].map((match) => match[0]).filter((char) => char !== '\n' && char !== '\t');
}
