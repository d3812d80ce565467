import { isMap, isPair, isScalar, isSeq, parseDocument, stringify, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { RegisterError } from '../../errors.js';
import { columnAt, detectLayout } from '../../scaffold/text-layout.js';
import type { RegisterEdit, RegistrationEntry } from '../../kit/index.js';

/**
 * Adds one handler to an octo `hooks.yml`. The yaml Document API parses the file and locates the
 * nodes (their source ranges); the new entry is rendered by the yaml library and spliced into the
 * text. Re-printing the whole document with `toString()` would re-space aligned end-of-line
 * comments, so it is not used: every byte outside the inserted lines stays as it was, comments and
 * blank lines included. octo handlers have no `id` field, so the entry's id is not written.
 * `text` null means the file does not exist yet.
 */
export function registerInHooksYaml(text: string | null, file: string, entry: RegistrationEntry): RegisterEdit {
  const item = { ...(entry.matcher === null ? {} : { matcher: entry.matcher }), command: entry.command };
  if (text === null) return { status: 'created', text: block({ hooks: { [entry.event]: [item] } }, '', yamlStyle(null, '')) };

  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    throw new RegisterError(file, `it is not valid YAML${at ? ` (line ${at.line}, column ${at.col})` : ''}`);
  }
  const style = yamlStyle(doc, text);
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) {
    return { status: 'added', text: appendAtEnd(text, block({ hooks: { [entry.event]: [item] } }, '', style)) };
  }
  const rootMap = blockMap(root, file, 'the top level');
  const hooksPair = findPair(rootMap, 'hooks');
  if (!hooksPair) {
    const indent = ' '.repeat(columnAt(text, rootMap.range![0]));
    return { status: 'added', text: insertAfter(text, rootMap, block({ hooks: { [entry.event]: [item] } }, indent, style)) };
  }
  const hooksIndent = ' '.repeat(keyColumn(text, hooksPair) + style.indent);
  const hooks = hooksPair.value as Node | null;
  if (isEmpty(hooks))
    return { status: 'added', text: fillEmptyValue(text, hooksPair, block({ [entry.event]: [item] }, hooksIndent, style)) };
  const hooksMap = blockMap(hooks, file, '"hooks"');
  const eventPair = findPair(hooksMap, entry.event);
  if (!eventPair) {
    const indent = ' '.repeat(columnAt(text, hooksMap.range![0]));
    return { status: 'added', text: insertAfter(text, hooksMap, block({ [entry.event]: [item] }, indent, style)) };
  }
  const seqIndent = ' '.repeat(keyColumn(text, eventPair) + (style.indentSeq ? style.indent : 0));
  const list = eventPair.value as Node | null;
  if (isEmpty(list)) return { status: 'added', text: fillEmptyValue(text, eventPair, block([item], seqIndent, style)) };
  if (!isSeq(list) || list.flow) throw new RegisterError(file, `"hooks.${entry.event}" is not a block list`);
  const commands = (list.toJSON() as unknown[]).map((handler) => (handler as { command?: unknown } | null)?.command);
  if (commands.includes(entry.command)) return { status: 'already-registered', text };
  const indent = ' '.repeat(columnAt(text, list.range![0]));
  return { status: 'added', text: insertAfter(text, list, block([item], indent, style)) };
}

interface YamlStyle {
  indent: number;
  /** Whether block lists are indented under their key (`key:\n  - x`) or flush (`key:\n- x`). */
  indentSeq: boolean;
  eol: string;
}

function yamlStyle(doc: Document | null, text: string): YamlStyle {
  const layout = detectLayout(text);
  const indent = layout.unit === '\t' ? 2 : layout.unit.length;
  let indentSeq = true;
  if (doc) {
    visit(doc, {
      Pair(_key, pair) {
        if (isSeq(pair.value) && !pair.value.flow && pair.key && isScalar(pair.key)) {
          indentSeq = columnAt(text, pair.value.range![0]) > keyColumn(text, pair);
          return visit.BREAK;
        }
        return undefined;
      },
    });
  }
  return { indent, indentSeq, eol: layout.eol };
}

/** Renders a value as block YAML, every line indented by `indent`, ending with a line break. */
function block(value: unknown, indent: string, style: YamlStyle): string {
  const yaml = stringify(value, { indent: style.indent, indentSeq: style.indentSeq, lineWidth: 0 });
  return yaml
    .trimEnd()
    .split('\n')
    .map((line) => indent + line + style.eol)
    .join('');
}

function blockMap(node: unknown, file: string, what: string): YAMLMap {
  if (!isMap(node) || node.flow) throw new RegisterError(file, `${what} is not a block mapping`);
  return node;
}

function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isPair(pair) && isScalar(pair.key) && pair.key.value === key);
}

function keyColumn(text: string, pair: Pair): number {
  return columnAt(text, (pair.key as Node).range![0]);
}

/** A missing value (`key:`), `null`, or an empty flow collection (`{}` / `[]`). */
function isEmpty(node: Node | null): boolean {
  if (node === null || (isScalar(node) && node.value === null)) return true;
  return (isMap(node) || isSeq(node)) && node.flow === true && node.items.length === 0;
}

/** Gives `key:` (with no, a null or an empty flow value) the block content. */
function fillEmptyValue(text: string, pair: Pair, content: string): string {
  const value = pair.value as Node | null;
  if (value && (isMap(value) || isSeq(value))) {
    // Replace ` {}` / ` []` after the colon; keep anything after it on that line.
    const colon = text.indexOf(':', (pair.key as Node).range![1]) + 1;
    const rest = afterLine(text, value.range![1]);
    return (
      text.slice(0, colon) + text.slice(value.range![1], rest).replace(/\r?\n$/, '') + detectLayout(text).eol + content + text.slice(rest)
    );
  }
  return insertAt(text, afterLine(text, value?.range?.[1] ?? (pair.key as Node).range![1]), content);
}

/** Inserts `content` on the lines after a block node's last content line (before trailing comments). */
function insertAfter(text: string, node: Node, content: string): string {
  return insertAt(text, afterLine(text, node.range![1]), content);
}

function appendAtEnd(text: string, content: string): string {
  return insertAt(text, text.length, content);
}

/** The offset just past the line break that ends the line holding `offset` (or the text end). */
function afterLine(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline + 1;
}

function insertAt(text: string, offset: number, content: string): string {
  const needsBreak = offset > 0 && text[offset - 1] !== '\n';
  return text.slice(0, offset) + (needsBreak ? detectLayout(text).eol : '') + content + text.slice(offset);
}
