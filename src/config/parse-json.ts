import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { createLineIndex, type LineIndex } from './line-index.js';
import type { ParsedFile, ParseProblem, SourceNode, SourcePosition } from './source-tree.js';

/**
 * Parses strict JSON (the agent reads hooks.json with a strict parser, so comments and trailing
 * commas are syntax errors here too). Only the first syntax error is reported: a strict parser
 * stops there and what jsonc-parser recovers after it is guesswork. `root` is null whenever the
 * file has a syntax error, because the agent would load nothing from it.
 */
export function parseJson(text: string, path: string): ParsedFile {
  const at = createLineIndex(text);
  const syntaxErrors: ParseError[] = [];
  const tree = parseTree(text, syntaxErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const file: ParsedFile = { path, format: 'json', text, root: null, errors: [], duplicateKeys: [] };
  const first = syntaxErrors[0];
  if (first) {
    file.errors.push(describeSyntaxError(first, text, at));
    return file;
  }
  if (tree) file.root = toSourceNode(tree, at, file.duplicateKeys);
  return file;
}

function toSourceNode(node: Node, at: LineIndex, duplicates: ParsedFile['duplicateKeys']): SourceNode {
  const pos = at(node.offset);
  switch (node.type) {
    case 'object': {
      const seen = new Set<string>();
      const entries = (node.children ?? []).map((property) => {
        const [keyNode, valueNode] = property.children as [Node, Node];
        const key = keyNode.value as string;
        const keyPos = at(keyNode.offset);
        if (seen.has(key)) duplicates.push({ key, pos: keyPos });
        seen.add(key);
        return { key, keyPos, value: toSourceNode(valueNode, at, duplicates) };
      });
      return { kind: 'object', entries, pos };
    }
    case 'array':
      return { kind: 'array', items: (node.children ?? []).map((item) => toSourceNode(item, at, duplicates)), pos };
    default:
      return { kind: 'scalar', value: node.value as string | number | boolean | null, pos };
  }
}

function describeSyntaxError(error: ParseError, text: string, at: LineIndex): ParseProblem {
  const pos = at(error.offset);
  const code = printParseErrorCode(error.error);
  const found = text.slice(error.offset, error.offset + Math.min(error.length, 20));
  let message: string;
  if (code === 'InvalidCommentToken') message = 'comments are not allowed in JSON';
  else if (isTrailingComma(text, error.offset)) message = 'trailing commas are not allowed in JSON';
  else if (error.offset >= text.length && text.trim() === '') message = 'the file is empty; expected a JSON value';
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
