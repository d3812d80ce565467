/**
 * JSON objects a shell command prints whose top-level keys are known without running it (issue 39):
 * output built at run time from literals — `jq -n '{decision: "block", reason: $r}'`,
 * `printf '%s' '{…}'`, a here-document `cat <<'EOF' … EOF`, `python3 -c 'print(json.dumps({…}))'`.
 * Only the keys are read: the values may come from variables. A form whose keys are not all literal
 * (`{($k): 1}`, `**extra`) gives nothing, so nothing is judged on a guess.
 */

/** Where a command of its own starts: the start, or after `;`, `&&`, `||`, `|`, `{`, `(`, `then`, `else`, `do`. */
const START = String.raw`(?:^|[;&|{(\n]|\b(?:then|else|do)\b)\s*`;

/** `jq -n '{…}'` (the -n among other short flags, `--arg name value` pairs before the program). */
const JQ_NULL_INPUT = new RegExp(
  String.raw`${START}jq\s+(?:(?:-[a-zA-Z]*n[a-zA-Z]*|-[a-zA-Z]+|--arg(?:json)?\s+\S+\s+(?:"[^"]*"|'[^']*'|\S+))\s+)*?'(\{[^']*\})'`,
  'g',
);
/** Which of those really has -n (a jq filter reading stdin prints what the input holds). */
const HAS_NULL_INPUT = /\s-[a-zA-Z]*n[a-zA-Z]*\s|\s--null-input\s/;

/** `printf '%s' '{…}'`, `printf '%s\n' '{…}'`. */
const PRINTF_STRING = new RegExp(String.raw`${START}printf\s+'%s(?:\\n)?'\s+'(\{[^']*\})'`, 'g');

/** `cat <<EOF` / `cat <<'EOF'` / `cat <<-"EOF"`, the body, and the delimiter line. */
const HEREDOC = new RegExp(String.raw`${START}cat\s*<<-?\s*(['"]?)(\w+)\1[^\n]*\n([\s\S]*?)\n\s*\2\s*(?:$|\n)`, 'g');

/** `python3 -c '…json.dumps({…})…'` (python, python3): the dict literal's start. */
const PYTHON_DUMPS = new RegExp(String.raw`${START}python3?\s+-c\s+'([^']*)'`, 'g');

/** Each object's top-level keys, for every statically known object the command prints. */
export function builtObjectKeys(command: string): string[][] {
  const found: string[][] = [];
  for (const match of command.matchAll(JQ_NULL_INPUT)) {
    if (!HAS_NULL_INPUT.test(` ${match[0]} `)) continue;
    const keys = objectKeys(match[1]!, 'jq');
    if (keys !== null) found.push(keys);
  }
  for (const match of command.matchAll(PRINTF_STRING)) {
    const keys = jsonKeys(match[1]!);
    if (keys !== null) found.push(keys);
  }
  for (const match of command.matchAll(HEREDOC)) {
    const body = match[3]!.trim();
    if (!body.startsWith('{')) continue;
    // An unquoted delimiter expands `$X` in the body: the values may vary, the keys are still written out.
    const keys = jsonKeys(body) ?? (match[1] === '' ? objectKeys(body, 'json') : null);
    if (keys !== null) found.push(keys);
  }
  for (const match of command.matchAll(PYTHON_DUMPS)) {
    for (const start of dumpsStarts(match[1]!)) {
      const keys = objectKeys(match[1]!.slice(start), 'python');
      if (keys !== null) found.push(keys);
    }
  }
  return found;
}

function jsonKeys(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : null;
  } catch {
    return null;
  }
}

/** Where each `json.dumps({` argument starts (at its `{`). */
function dumpsStarts(code: string): number[] {
  return [...code.matchAll(/\bjson\.dumps\(\s*(?=\{)/g)].map((match) => match.index! + match[0].length);
}

/**
 * The top-level keys of an object literal written at the start of `text` (`{` first), in jq,
 * Python or JSON-with-expansions syntax: its entries at depth one, each key a quoted string (jq also
 * a bare name or `$name`, and the shorthand `{name}`). Null when a key is computed or the braces do
 * not close.
 */
function objectKeys(text: string, syntax: 'jq' | 'python' | 'json'): string[] | null {
  const entries = topLevelEntries(text);
  if (entries === null) return null;
  const keys: string[] = [];
  for (const entry of entries) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const colon = colonAtTop(trimmed);
    const key = (colon === -1 ? (syntax === 'jq' ? trimmed : null) : trimmed.slice(0, colon).trim()) ?? null;
    const name = key === null ? null : keyName(key, syntax);
    if (name === null) return null;
    keys.push(name);
  }
  return keys;
}

function keyName(key: string, syntax: 'jq' | 'python' | 'json'): string | null {
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(key) ?? (syntax === 'python' ? /^'((?:[^'\\]|\\.)*)'$/.exec(key) : null);
  if (quoted !== null) return quoted[1]!;
  if (syntax === 'jq' && /^\$?[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return key.replace(/^\$/, '');
  return null;
}

/**
 * Each character of `text` outside string literals, with the bracket depth before it (the closing
 * bracket itself counts one level less): the one scan both readers below share.
 */
function* unquoted(text: string): Generator<{ char: string; index: number; depth: number }> {
  let depth = 0;
  let quote: string | null = null;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== null) {
      if (char === '\\') index++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if ('}])'.includes(char)) depth--;
    yield { char, index, depth };
    if ('{[('.includes(char)) depth++;
  }
}

/** The text of each entry between the outer braces, split on commas at depth one outside strings. */
function topLevelEntries(text: string): string[] | null {
  if (!text.startsWith('{')) return null;
  const entries: string[] = [];
  let start = 1;
  for (const { char, index, depth } of unquoted(text)) {
    if ('}])'.includes(char) && depth === 0) {
      entries.push(text.slice(start, index));
      return entries;
    }
    if (char === ',' && depth === 1) {
      entries.push(text.slice(start, index));
      start = index + 1;
    }
  }
  return null;
}

/** The first `:` of an entry outside strings and brackets, or -1. */
function colonAtTop(entry: string): number {
  for (const { char, index, depth } of unquoted(entry)) if (char === ':' && depth === 0) return index;
  return -1;
}
