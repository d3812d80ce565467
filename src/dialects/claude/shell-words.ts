/**
 * Splits a shell command into the subcommands a claude `if` rule is tested against (cc hooks, Bash
 * `if` matching; cc perm §Compound commands): the separators `&&`, `||`, `;`, `|`, `|&`, `&` and
 * newlines outside quotes, plus the bodies of `$(…)` and backticks, each split the same way. One
 * pass over the text; nothing here can take more than linear time in the command's length (times
 * the nesting depth of substitutions).
 */

export type Subcommands = string[] & {
  /** The command substitutes text at run time (`$(`, a backtick, `$VAR`): what it runs is not all visible. */
  dynamic: boolean;
};

/** Null when the command cannot be parsed (unbalanced quotes or substitutions, a heredoc): the caller fails open. */
export function splitSubcommands(command: string, shell: 'bash' | 'powershell'): Subcommands | null {
  const result = [] as unknown as Subcommands;
  result.dynamic = false;
  return collect(command, shell, result, 0) ? result : null;
}

const MAX_DEPTH = 32;

function collect(text: string, shell: 'bash' | 'powershell', out: Subcommands, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  // PowerShell's escape character is the backtick, not a substitution.
  const backtickSubstitutes = shell === 'bash';
  let current = '';
  const flush = () => {
    if (current.trim() !== '') out.push(current.trim());
    current = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === '\\' && shell === 'bash') {
      current += char + (next ?? '');
      i += 2;
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return false;
      current += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '"') {
      const end = closingDoubleQuote(text, i + 1, shell, out, depth);
      if (end < 0) return false;
      current += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '<' && next === '<' && shell === 'bash' && text[i + 2] !== '<') return false; // heredoc
    if (char === '$' && next === '(') {
      if (text[i + 2] === '(') return false; // $(( arithmetic )): not a command
      const end = closingParen(text, i + 2);
      if (end < 0) return false;
      out.dynamic = true;
      if (!collect(text.slice(i + 2, end), shell, out, depth + 1)) return false;
      current += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '`' && backtickSubstitutes) {
      const end = text.indexOf('`', i + 1);
      if (end < 0) return false;
      out.dynamic = true;
      if (!collect(text.slice(i + 1, end), shell, out, depth + 1)) return false;
      current += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '$' && next !== undefined && /[A-Za-z_{]/.test(next)) out.dynamic = true;
    if (char === '&' || char === '|' || char === ';' || char === '\n' || char === '\r') {
      // `>&`, `&>`, `2>&1`: redirections, not separators.
      if (char === '&' && (text[i - 1] === '>' || text[i - 1] === '<' || next === '>')) {
        current += char;
        i++;
        continue;
      }
      flush();
      i += (char === '&' && next === '&') || (char === '|' && (next === '|' || next === '&')) ? 2 : 1;
      continue;
    }
    current += char;
    i++;
  }
  flush();
  return true;
}

/** The index of the `"` closing a double-quoted string that starts at `from`, collecting `$(…)` inside it; -1 when unbalanced. */
function closingDoubleQuote(text: string, from: number, shell: 'bash' | 'powershell', out: Subcommands, depth: number): number {
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && shell === 'bash') {
      i++;
      continue;
    }
    if (char === '"') return i;
    if (char === '$' && text[i + 1] === '(') {
      const end = closingParen(text, i + 2);
      if (end < 0) return -1;
      out.dynamic = true;
      if (!collect(text.slice(i + 2, end), shell, out, depth + 1)) return -1;
      i = end;
      continue;
    }
    if (char === '`' && shell === 'bash') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) return -1;
      out.dynamic = true;
      if (!collect(text.slice(i + 1, end), shell, out, depth + 1)) return -1;
      i = end;
      continue;
    }
    if (char === '$' && /[A-Za-z_{]/.test(text[i + 1] ?? '')) out.dynamic = true;
  }
  return -1;
}

/** The index of the `)` that closes a `$(` whose body starts at `from`, skipping quotes and nested parentheses; -1 when unbalanced. */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') {
      i++;
    } else if (char === "'" || char === '"') {
      const end = text.indexOf(char, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return -1;
}
