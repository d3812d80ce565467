import { printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser';
import { MAX_NESTING, tooDeepMessage } from './nesting-limit.js';
import type { ParsedFile, ParseProblem, SourceArray, SourceEntry, SourceNode, SourceObject, SourcePosition } from './source-tree.js';

/** Thrown from the visitor to stop at the first syntax error. */
const STOP = Symbol('stop parsing');

/**
 * Parses strict JSON (the agent reads hooks.json with a strict parser, so comments and trailing
 * commas are syntax errors here too). The tree is built straight from jsonc-parser's visitor,
 * whose scanner already tracks line and column (UTF-16 units; `\n`, `\r\n` and `\r` breaks, as
 * line-index.ts counts them), so large files cost one pass. Only the first syntax error is
 * reported: a strict parser stops there. `root` is null whenever the file has a syntax error,
 * because the agent would load nothing from it. Nesting deeper than MAX_NESTING stops the parse
 * the same way, at the bracket that goes too deep, before the recursive parser runs out of stack.
 */
export function parseJson(text: string, path: string): ParsedFile {
  return parseJsonText(text, path, 'json');
}

/**
 * Parses JSON with comments (`//` and block comments; trailing commas stay errors), as Gemini CLI
 * reads its settings: comments are skipped and positions still count them, so findings point at
 * the line as written.
 */
export function parseJsonc(text: string, path: string): ParsedFile {
  return parseJsonText(text, path, 'jsonc');
}

function parseJsonText(text: string, path: string, format: 'json' | 'jsonc'): ParsedFile {
  const file: ParsedFile = { path, format, text, root: null, errors: [], duplicateKeys: [] };
  const open: OpenNode[] = [];
  let root: SourceNode | null = null;
  let key = '';
  let keyPos: SourcePosition | null = null;
  const position = (offset: number, line: number, character: number): SourcePosition => ({ line: line + 1, column: character + 1, offset });
  const stop = (problem: ParseProblem): never => {
    file.errors.push(problem);
    throw STOP;
  };
  const enter = (node: SourceObject | SourceArray) => {
    if (open.length >= MAX_NESTING) stop({ message: tooDeepMessage('JSON'), pos: node.pos });
    attach(node);
    open.push({ node, keys: null });
  };
  const attach = (node: SourceNode) => {
    const parent = open[open.length - 1];
    if (!parent) root = node;
    else if (parent.node.kind === 'array') parent.node.items.push(node);
    else if (keyPos) {
      if (isRepeatedKey(parent, parent.node.entries, key)) file.duplicateKeys.push({ key, pos: keyPos });
      parent.node.entries.push({ key, keyPos, value: node });
      keyPos = null;
    }
  };
  try {
    visit(
      text,
      {
        onObjectBegin(offset, _length, line, character) {
          enter({ kind: 'object', entries: [], pos: position(offset, line, character) });
        },
        onArrayBegin(offset, _length, line, character) {
          enter({ kind: 'array', items: [], pos: position(offset, line, character) });
        },
        onObjectEnd: () => void open.pop(),
        onArrayEnd: () => void open.pop(),
        onObjectProperty(property, offset, _length, line, character) {
          key = property;
          keyPos = position(offset, line, character);
        },
        onLiteralValue(value: string | number | boolean | null, offset, _length, line, character) {
          attach({ kind: 'scalar', value, pos: position(offset, line, character) });
        },
        onError(error, offset, length, line, character) {
          stop(describeSyntaxError(error, text, offset, length, position(offset, line, character)));
        },
      },
      { disallowComments: format === 'json', allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (error) {
    if (error !== STOP) throw error;
  }
  if (file.errors.length === 0) file.root = root;
  return file;
}

/** An object or array still being filled; `keys` indexes a large object's keys (see isRepeatedKey). */
interface OpenNode {
  node: SourceObject | SourceArray;
  keys: Set<string> | null;
}

/** Objects up to this many entries are searched for a repeated key directly, without a Set. */
const SMALL_OBJECT = 16;

/**
 * Whether the object being filled (its `entries` so far) already has `key`, which is about to be
 * added. Most config objects are small (a handler has a few fields), so they are scanned: a Set per
 * object would cost more than the scan in a file of thousands of handlers. An object that grows
 * past SMALL_OBJECT entries gets a Set, so a huge one is not scanned quadratically.
 */
function isRepeatedKey(open: OpenNode, entries: readonly SourceEntry[], key: string): boolean {
  if (open.keys === null) {
    if (entries.length < SMALL_OBJECT) return entries.some((entry) => entry.key === key);
    open.keys = new Set(entries.map((entry) => entry.key));
  }
  const repeated = open.keys.has(key);
  open.keys.add(key);
  return repeated;
}

function describeSyntaxError(error: ParseErrorCode, text: string, offset: number, length: number, pos: SourcePosition): ParseProblem {
  const code = printParseErrorCode(error);
  const found = text.slice(offset, offset + Math.min(length, 20));
  let message: string;
  if (code === 'InvalidCommentToken') message = 'comments are not allowed in JSON';
  else if (isTrailingComma(text, offset)) message = 'trailing commas are not allowed in JSON';
  else if (offset >= text.length && text.trim() === '') message = 'the file is empty; expected a JSON value';
  else message = `${humanise(code)} ${found ? `at '${found}'` : 'at end of file'}`;
  return { message: `JSON syntax error: ${message}`, pos };
}

/** `,` followed by only whitespace and then the closing bracket the error points at. */
function isTrailingComma(text: string, offset: number): boolean {
  const closer = text[offset];
  if (closer !== '}' && closer !== ']') return false;
  return /,\s*$/.test(text.slice(0, offset));
}

/** `PropertyNameExpected` → `property name expected`. */
function humanise(code: string): string {
  return code.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
}
