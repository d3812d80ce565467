import { MAX_NESTING } from './nesting-limit.js';

/**
 * The offset of the first `[` or `{` that opens a level deeper than MAX_NESTING, or null. Strings
 * and comments are skipped, so brackets inside them do not count. Checked before parsing because
 * the TOML parser recurses per level and cannot be stopped midway. Table headers (`[a]`, `[[a]]`)
 * count as one or two levels, which only matters for text that is not valid TOML anyway.
 *
 * YAML flow collections use the same brackets, quotes and `#` comments, so the YAML parser gets
 * the same early stop: the yaml library takes seconds on a flow nested hundreds of thousands deep.
 * Where YAML differs (a `#` inside a plain scalar, an apostrophe in plain text) this scan can only
 * count fewer levels, never more, and the parser's own depth guard still applies.
 */
export function tooDeepBracketOffset(text: string): number | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '[' || char === '{') {
      if (++depth > MAX_NESTING) return i;
    } else if (char === ']' || char === '}') {
      depth = Math.max(0, depth - 1);
    } else if (char === '#') {
      const lineEnd = text.indexOf('\n', i);
      i = lineEnd === -1 ? text.length : lineEnd;
    } else if (char === '"' || char === "'") {
      i = stringEnd(text, i, char) - 1;
    }
  }
  return null;
}

/**
 * The offset just past the string that starts at `start`: basic (`"`) strings honour backslash
 * escapes, literal (`'`) ones do not; a tripled quote opens a multi-line string, whose closing run
 * may carry up to two quotes of content. An unterminated one-line string ends at its line break
 * (the parser reports it).
 */
function stringEnd(text: string, start: number, quote: '"' | "'"): number {
  const multiline = text.startsWith(quote.repeat(3), start);
  for (let i = start + (multiline ? 3 : 1); i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (!multiline && text[i] === '\n') return i;
    else if (text[i] === quote && (!multiline || text.startsWith(quote.repeat(3), i))) {
      if (!multiline) return i + 1;
      let end = i + 3;
      while (end < i + 5 && text[end] === quote) end++;
      return end;
    }
  }
  return text.length;
}
