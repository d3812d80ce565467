import { type Alias, isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { createLineIndex, type LineIndex } from './line-index.js';
import { MAX_NESTING, tooDeepMessage } from './nesting-limit.js';
import { tooDeepBracketOffset } from './toml-nesting.js';
import type { ParsedFile, SourceEntry, SourceNode, SourceObject, SourcePosition } from './source-tree.js';

/**
 * Parses one YAML document (YAML 1.2 core schema). Duplicate keys are kept and listed rather than
 * aborting the parse; aliases resolve to their anchor's node (positions point at the anchor);
 * `<<` merge keys are honoured as Go's yaml.v3 does (explicit keys win over merged ones). `root`
 * is null whenever the file has an error; an empty document is a null scalar.
 */
export function parseYaml(text: string, path: string): ParsedFile {
  const at = createLineIndex(text);
  const file: ParsedFile = { path, format: 'yaml', text, root: null, errors: [], duplicateKeys: [] };
  const tooDeep = tooDeepBracketOffset(text);
  if (tooDeep !== null) {
    file.errors.push({ message: tooDeepMessage('YAML'), pos: at(tooDeep) });
    return file;
  }
  let document: Document;
  try {
    document = parseDocument(text, { uniqueKeys: false, merge: true, prettyErrors: false });
  } catch (error) {
    // The yaml library recurses per nesting level; a hostile file can still overflow its stack.
    if (!(error instanceof RangeError)) throw error;
    file.errors.push({ message: tooDeepMessage('YAML'), pos: at(0) });
    return file;
  }
  // The first syntax error only: later ones are mostly its echoes (and can run into thousands).
  const [first] = document.errors;
  if (first) {
    const overflow = first.message.includes('Maximum call stack size exceeded');
    file.errors.push({ message: overflow ? tooDeepMessage('YAML') : `YAML syntax error: ${first.message}`, pos: at(first.pos[0]) });
  }
  if (file.errors.length > 0) return file;
  const root = new YamlConverter(document, at, file).convert(document.contents, at(0));
  if (file.errors.length === 0) file.root = root;
  return file;
}

class YamlConverter {
  /** Converted nodes by identity, so an alias reuses its anchor's node instead of copying it. */
  private readonly converted = new Map<Node, SourceNode>();
  /** Nodes being converted: an alias to one of them would be an infinite structure. */
  private readonly inProgress = new Set<Node>();
  /** Each alias's anchored node, found in one pass (see anchorTargets). */
  private readonly aliasTargets: Map<Alias, Node>;

  constructor(
    document: Document,
    private readonly at: LineIndex,
    private readonly file: ParsedFile,
  ) {
    this.aliasTargets = anchorTargets(document);
  }

  convert(node: unknown, fallback: SourcePosition): SourceNode {
    if (isAlias(node)) return this.convertAlias(node);
    if (!isMap(node) && !isSeq(node) && !isScalar(node)) return { kind: 'scalar', value: null, pos: fallback };
    const done = this.converted.get(node);
    if (done) return done;
    const pos = this.position(node, fallback);
    // Nodes still being converted are the ancestors of this one: their count is its depth.
    if (this.inProgress.size >= MAX_NESTING) return this.fail(tooDeepMessage('YAML'), pos);
    this.inProgress.add(node);
    let result: SourceNode;
    if (isMap(node)) result = this.convertMap(node, pos);
    else if (isSeq(node)) result = { kind: 'array', items: node.items.map((item) => this.convert(item, pos)), pos };
    else result = { kind: 'scalar', value: scalarValue(node.value), pos };
    this.inProgress.delete(node);
    this.converted.set(node, result);
    return result;
  }

  private convertAlias(alias: Alias): SourceNode {
    const pos = this.position(alias, this.at(0));
    const target = this.aliasTargets.get(alias);
    if (!target) return this.fail(`YAML error: unknown alias *${alias.source}`, pos);
    if (this.inProgress.has(target)) return this.fail(`YAML error: alias *${alias.source} refers to a node that contains it`, pos);
    return this.convert(target, pos);
  }

  private convertMap(map: YAMLMap, pos: SourcePosition): SourceObject {
    const explicit: SourceEntry[] = [];
    const merged: SourceEntry[] = [];
    const seen = new Set<string>();
    for (const pair of map.items) {
      const keyPos = this.position(pair.key, pos);
      if (isMergeKey(pair)) {
        merged.push(...this.mergedEntries(pair.value, keyPos));
        continue;
      }
      const key = this.keyText(pair.key);
      if (seen.has(key)) this.file.duplicateKeys.push({ key, pos: keyPos });
      seen.add(key);
      explicit.push({ key, keyPos, value: this.convert(pair.value, keyPos) });
    }
    // Merged keys never override explicit ones, and the first merged source wins among them.
    const mergedSeen = new Set<string>();
    const inherited = merged.filter((entry) => {
      if (seen.has(entry.key) || mergedSeen.has(entry.key)) return false;
      mergedSeen.add(entry.key);
      return true;
    });
    return { kind: 'object', entries: [...inherited, ...explicit], pos };
  }

  /** The entries a `<<` value contributes: one mapping or a list of mappings (usually aliases). */
  private mergedEntries(value: unknown, keyPos: SourcePosition): SourceEntry[] {
    const sources = isSeq(value) ? value.items : [value];
    return sources.flatMap((source) => {
      const node = this.convert(source, keyPos);
      if (node.kind === 'object') return node.entries;
      this.fail('YAML error: a << merge value must be a mapping or a list of mappings', node.pos);
      return [];
    });
  }

  private keyText(key: unknown): string {
    if (isScalar(key)) return key.value === null || key.value === undefined ? '' : String(key.value);
    if (isMap(key) || isSeq(key)) return this.file.text.slice(key.range?.[0] ?? 0, key.range?.[1] ?? 0).trim();
    return '';
  }

  private position(node: unknown, fallback: SourcePosition): SourcePosition {
    const range = (node as Node | null)?.range;
    return range ? this.at(range[0]) : fallback;
  }

  private fail(message: string, pos: SourcePosition): SourceNode {
    this.file.errors.push({ message, pos });
    return { kind: 'scalar', value: null, pos };
  }
}

/**
 * Every alias's target: the last node before it, in document order, that carries its anchor (what
 * the yaml library's Alias.resolve finds). Resolved in one walk, because Alias.resolve walks the
 * document from the top for each alias: 16,000 aliases, a 64 KiB file, took two minutes.
 */
function anchorTargets(document: Document): Map<Alias, Node> {
  const anchors = new Map<string, Node>();
  const targets = new Map<Alias, Node>();
  visit(document, {
    Node(_key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target) targets.set(node, target);
      } else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  return targets;
}

function isMergeKey(pair: Pair): boolean {
  return isScalar(pair.key) && typeof pair.key.value === 'symbol';
}

function scalarValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}
