import { ParseError, parseTOML, type AST } from 'toml-eslint-parser';

/**
 * Minimal text edits of a TOML document: set or remove one key of one table, changing only the
 * line that holds it (or adding one), so every other byte, comment and blank line of the file
 * stays as it was. Used where hookctl writes into a file the user owns (codex `[hooks.state]` in
 * `config.toml`). An edit that would need a rewrite of the user's own layout — a table written as
 * an inline `{ … }` — is refused with TomlEditError instead of reformatting it.
 */
export interface TomlEdit {
  /** The table's key path, e.g. `['hooks', 'state', '/p/.codex/hooks.json:pre_tool_use:0:0']`. */
  table: readonly string[];
  key: string;
  /** The new value; undefined removes the key (and the table, when it is left empty). */
  value: string | boolean | undefined;
}

export class TomlEditError extends Error {}

/** Applies the edits in order; the result is checked to parse, or TomlEditError is thrown. */
export function editToml(text: string, edits: readonly TomlEdit[]): string {
  let result = text;
  for (const edit of edits) result = applyEdit(result, edit);
  return result;
}

type Key = AST.TOMLBare | AST.TOMLQuoted;

interface Located {
  /** The key-value that sets the key, and the key path of the table it is written in. */
  keyValue: AST.TOMLKeyValue;
  /** The standard table the key-value sits in, or null at the top level. */
  table: AST.TOMLTable | null;
}

function applyEdit(text: string, edit: TomlEdit): string {
  const top = parse(text);
  const target = [...edit.table, edit.key];
  refuseInlineTables(top, target);
  const found = findKeyValue(top, target);
  let edited: string;
  if (found !== null) {
    edited = edit.value === undefined ? removeKeyValue(text, found) : replaceRange(text, found.keyValue.value.range, tomlValue(edit.value));
  } else if (edit.value === undefined) {
    return text;
  } else {
    edited = insertKeyValue(text, top, edit);
  }
  parse(edited);
  return edited;
}

function parse(text: string): AST.TOMLTopLevelTable {
  try {
    return parseTOML(text, { tomlVersion: '1.0' }).body[0];
  } catch (error) {
    const message = error instanceof ParseError ? error.message : (error as Error).message;
    throw new TomlEditError(`it is not valid TOML (${message}); fix it first`);
  }
}

function keyName(key: Key): string {
  return key.type === 'TOMLBare' ? key.name : key.value;
}

function names(keys: readonly Key[]): string[] {
  return keys.map(keyName);
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && startsWith(a, b);
}

/** Every key-value of the document with the full key path it sets. */
function* keyValues(top: AST.TOMLTopLevelTable): Generator<Located & { path: string[] }> {
  for (const item of top.body) {
    if (item.type === 'TOMLKeyValue') yield { keyValue: item, table: null, path: names(item.key.keys) };
    else for (const keyValue of item.body) yield { keyValue, table: item, path: [...names(item.key.keys), ...names(keyValue.key.keys)] };
  }
}

/**
 * Refuses a document where the target lies inside an inline table or an array of tables: adding
 * to those needs the value rewritten, which would change the user's layout.
 */
function refuseInlineTables(top: AST.TOMLTopLevelTable, target: readonly string[]): void {
  for (const { keyValue, path } of keyValues(top)) {
    if (startsWith(target, path) && path.length < target.length) {
      const table = target.slice(0, -1).map(quoteKey).join('.');
      throw new TomlEditError(
        `${path.join('.')} is written as an inline value on line ${keyValue.loc.start.line}; write it as a [${table}] table instead`,
      );
    }
  }
  for (const item of top.body) {
    if (item.type === 'TOMLTable' && item.kind === 'array' && startsWith(target, names(item.key.keys))) {
      throw new TomlEditError(`${names(item.key.keys).join('.')} is an array of tables on line ${item.loc.start.line}, not a table`);
    }
  }
}

function findKeyValue(top: AST.TOMLTopLevelTable, target: readonly string[]): Located | null {
  for (const located of keyValues(top)) if (sameKeys(located.path, target)) return located;
  return null;
}

/** Adds `key = value` where the table is: in its `[table]`, beside dotted keys into it, or as a new table at the end. */
function insertKeyValue(text: string, top: AST.TOMLTopLevelTable, edit: TomlEdit): string {
  const line = (key: string) => `${key} = ${tomlValue(edit.value!)}`;
  const header = top.body.find(
    (item): item is AST.TOMLTable => item.type === 'TOMLTable' && item.kind === 'standard' && sameKeys(names(item.key.keys), edit.table),
  );
  if (header !== undefined) {
    const after = header.body.at(-1)?.range[1] ?? header.key.range[1] + 1;
    return insertLineAfter(text, after, line(quoteKey(edit.key)));
  }
  // Dotted keys already define the table (`"k".enabled = false` under [hooks.state]): add a sibling there.
  for (const { keyValue, table, path } of keyValues(top)) {
    if (!startsWith(path, edit.table) || path.length <= edit.table.length) continue;
    const tablePath = table === null ? [] : names(table.key.keys);
    const relative = [...edit.table.slice(tablePath.length), edit.key].map(quoteKey).join('.');
    return insertLineAfter(text, keyValue.range[1], line(relative));
  }
  const separator = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return `${text}${separator}[${edit.table.map(quoteKey).join('.')}]\n${line(quoteKey(edit.key))}\n`;
}

/** Inserts a line after the line that holds `offset`, with that line's indentation. */
function insertLineAfter(text: string, offset: number, line: string): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const newline = text.indexOf('\n', offset);
  if (newline < 0) return `${text}\n${indent}${line}\n`;
  return `${text.slice(0, newline + 1)}${indent}${line}\n${text.slice(newline + 1)}`;
}

/** Removes the key-value's whole line (its trailing comment too); a `[table]` left empty goes with it. */
function removeKeyValue(text: string, { keyValue, table }: Located): string {
  const lineStart = text.lastIndexOf('\n', keyValue.range[0] - 1) + 1;
  const lineEnd = endOfLine(text, keyValue.range[1]);
  const onlyThis = text.slice(lineStart, keyValue.range[0]).trim() === '';
  if (!onlyThis)
    throw new TomlEditError(`line ${keyValue.loc.start.line} holds more than ${names(keyValue.key.keys).join('.')}; edit it by hand`);
  if (table !== null && table.body.length === 1) {
    const headerStart = text.lastIndexOf('\n', table.range[0] - 1) + 1;
    const between = text.slice(endOfLine(text, table.key.range[1]), lineStart);
    // Only an empty table whose header and key are all there is to it; comments around stay.
    if (between.trim() === '' && text.slice(headerStart, table.range[0]).trim() === '')
      return text.slice(0, headerStart) + text.slice(lineEnd);
  }
  return text.slice(0, lineStart) + text.slice(lineEnd);
}

/** The offset just past the end of the line that holds `offset` (its newline included). */
function endOfLine(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline < 0 ? text.length : newline + 1;
}

function replaceRange(text: string, [start, end]: readonly [number, number] | number[], replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

function tomlValue(value: string | boolean): string {
  return typeof value === 'boolean' ? String(value) : basicString(value);
}

/** A TOML basic string: JSON's escapes are TOML's, except that TOML has no `\/` (JSON.stringify never writes it). */
function basicString(value: string): string {
  return JSON.stringify(value).replace(/[\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A key as TOML writes it: bare when it can be, else a quoted basic string. */
export function quoteKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : basicString(key);
}
