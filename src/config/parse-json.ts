import { printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser';
import type { ParsedFile, ParseProblem, SourceArray, SourceNode, SourceObject, SourcePosition } from './source-tree.js';

/** Thrown from the visitor to stop at the first syntax error. */
const STOP = Symbol('stop parsing');

/**
 * Parses strict JSON (the agent reads hooks.json with a strict parser, so comments and trailing
 * commas are syntax errors here too). The tree is built straight from jsonc-parser's visitor,
 * whose scanner already tracks line and column (UTF-16 units; `\n`, `\r\n` and `\r` breaks, as
 * line-index.ts counts them), so large files cost one pass. Only the first syntax error is
 * reported: a strict parser stops there. `root` is null whenever the file has a syntax error,
 * because the agent would load nothing from it.
 */
export function parseJson(text: string, path: string): ParsedFile {
  const file: ParsedFile = { path, format: 'json', text, root: null, errors: [], duplicateKeys: [] };
  const open: { node: SourceObject | SourceArray; keys: Set<string> }[] = [];
  let root: SourceNode | null = null;
  let key: { key: string; keyPos: SourcePosition } | null = null;
  const position = (offset: number, line: number, character: number): SourcePosition => ({ line: line + 1, column: character + 1, offset });
  const attach = (node: SourceNode) => {
    const parent = open[open.length - 1];
    if (!parent) root = node;
    else if (parent.node.kind === 'array') parent.node.items.push(node);
    else if (key) {
      if (parent.keys.has(key.key)) file.duplicateKeys.push({ key: key.key, pos: key.keyPos });
      parent.keys.add(key.key);
      parent.node.entries.push({ ...key, value: node });
      key = null;
    }
  };
  try {
    visit(
      text,
      {
        onObjectBegin(offset, _length, line, character) {
          const node: SourceObject = { kind: 'object', entries: [], pos: position(offset, line, character) };
          attach(node);
          open.push({ node, keys: new Set() });
        },
        onArrayBegin(offset, _length, line, character) {
          const node: SourceArray = { kind: 'array', items: [], pos: position(offset, line, character) };
          attach(node);
          open.push({ node, keys: new Set() });
        },
        onObjectEnd: () => void open.pop(),
        onArrayEnd: () => void open.pop(),
        onObjectProperty(property, offset, _length, line, character) {
          key = { key: property, keyPos: position(offset, line, character) };
        },
        onLiteralValue(value: string | number | boolean | null, offset, _length, line, character) {
          attach({ kind: 'scalar', value, pos: position(offset, line, character) });
        },
        onError(error, offset, length, line, character) {
          file.errors.push(describeSyntaxError(error, text, offset, length, position(offset, line, character)));
          throw STOP;
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (error) {
    if (error !== STOP) throw error;
  }
  if (file.errors.length === 0) file.root = root;
  return file;
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
