import { ParseError, parseTOML, type AST } from 'toml-eslint-parser';
import { createLineIndex, type LineIndex } from './line-index.js';
import { tooDeepMessage } from './nesting-limit.js';
import { getEntry, type ParsedFile, type SourceArray, type SourceNode, type SourceObject, type SourcePosition } from './source-tree.js';
import { tooDeepBracketOffset } from './toml-nesting.js';

/**
 * Parses TOML 1.0 with a position for every key and value (toml-eslint-parser: a full AST with
 * ranges, where smol-toml positions only its syntax errors). Dotted keys, `[table]`,
 * `[[array.of.tables]]` and inline tables become nested objects; dates and times keep their
 * written form as strings. TOML forbids defining a key twice, so a duplicate is a syntax error
 * (the parser stops at the first error) and `duplicateKeys` stays empty. Text nested deeper than
 * MAX_NESTING is an error at the bracket that goes too deep, found before the parser recurses.
 */
export function parseToml(text: string, path: string): ParsedFile {
  const at = createLineIndex(text);
  const file: ParsedFile = { path, format: 'toml', text, root: null, errors: [], duplicateKeys: [] };
  const tooDeep = tooDeepBracketOffset(text);
  if (tooDeep !== null) {
    file.errors.push({ message: tooDeepMessage('TOML'), pos: at(tooDeep) });
    return file;
  }
  let program: AST.TOMLProgram;
  try {
    program = parseTOML(text, { tomlVersion: '1.0' });
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    file.errors.push({ message: `TOML syntax error: ${lowerFirst(error.message)}`, pos: at(error.index) });
    return file;
  }
  file.root = new TomlTreeBuilder(at).build(program.body[0]);
  return file;
}

/** The parser has already rejected every redefinition, so the tree it describes is consistent. */
class TomlTreeBuilder {
  constructor(private readonly at: LineIndex) {}

  build(topLevel: AST.TOMLTopLevelTable): SourceObject {
    const root: SourceObject = { kind: 'object', entries: [], pos: this.at(0) };
    for (const item of topLevel.body) {
      if (item.type === 'TOMLKeyValue') this.assign(root, item);
      else this.addTable(root, item);
    }
    return root;
  }

  private addTable(root: SourceObject, table: AST.TOMLTable): void {
    const keys = table.key.keys;
    let parent = root;
    for (const key of keys.slice(0, -1)) parent = this.descend(parent, key);
    const last = keys[keys.length - 1]!;
    const headerPos = this.at(table.range[0]);
    let target: SourceObject;
    if (table.kind === 'array') {
      const existing = getEntry(parent, keyName(last));
      const array = existing
        ? (existing.value as SourceArray)
        : this.addEntry<SourceArray>(parent, last, { kind: 'array', items: [], pos: headerPos });
      target = { kind: 'object', entries: [], pos: headerPos };
      array.items.push(target);
    } else {
      // A table may already exist implicitly (from `[a.b]` or a dotted key); `[a]` then adds to it.
      target = this.descend(parent, last, headerPos);
    }
    for (const keyValue of table.body) this.assign(target, keyValue);
  }

  /** `a.b.c = value`: creates the intermediate objects, then the entry. */
  private assign(object: SourceObject, keyValue: AST.TOMLKeyValue): void {
    const keys = keyValue.key.keys;
    let parent = object;
    for (const key of keys.slice(0, -1)) parent = this.descend(parent, key);
    this.addEntry(parent, keys[keys.length - 1]!, this.value(keyValue.value));
  }

  /** The object under `key`, created when absent; an array of tables yields its last table. */
  private descend(object: SourceObject, key: AST.TOMLBare | AST.TOMLQuoted, pos?: SourcePosition): SourceObject {
    const existing = getEntry(object, keyName(key))?.value;
    if (existing?.kind === 'array') return existing.items[existing.items.length - 1] as SourceObject;
    if (existing) return existing as SourceObject;
    return this.addEntry<SourceObject>(object, key, { kind: 'object', entries: [], pos: pos ?? this.at(key.range[0]) });
  }

  private addEntry<T extends SourceNode>(object: SourceObject, key: AST.TOMLBare | AST.TOMLQuoted, value: T): T {
    object.entries.push({ key: keyName(key), keyPos: this.at(key.range[0]), value });
    return value;
  }

  private value(node: AST.TOMLContentNode): SourceNode {
    const pos = this.at(node.range[0]);
    switch (node.type) {
      case 'TOMLArray':
        return { kind: 'array', items: node.elements.map((element) => this.value(element)), pos };
      case 'TOMLInlineTable': {
        const object: SourceObject = { kind: 'object', entries: [], pos };
        for (const keyValue of node.body) this.assign(object, keyValue);
        return object;
      }
      default:
        return { kind: 'scalar', value: 'datetime' in node ? node.datetime : node.value, pos };
    }
  }
}

function keyName(key: AST.TOMLBare | AST.TOMLQuoted): string {
  return key.type === 'TOMLBare' ? key.name : key.value;
}

function lowerFirst(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}
