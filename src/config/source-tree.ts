import type { ConfigFormat } from '../kit/layers.js';

/**
 * A format-neutral parse tree with source positions. The JSON, YAML and TOML parsers all produce
 * it, so normalisation and every lint rule work the same on all three formats.
 */
export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column (UTF-16 code units, as editors count). */
  column: number;
  /** 0-based offset into the text. */
  offset: number;
}

export type SourceNode = SourceObject | SourceArray | SourceScalar;

export interface SourceObject {
  kind: 'object';
  /** Every entry in source order, duplicates included (see ParsedFile.duplicateKeys). */
  entries: SourceEntry[];
  pos: SourcePosition;
}

export interface SourceEntry {
  key: string;
  keyPos: SourcePosition;
  value: SourceNode;
}

export interface SourceArray {
  kind: 'array';
  items: SourceNode[];
  pos: SourcePosition;
}

export interface SourceScalar {
  kind: 'scalar';
  /** TOML dates and times become their string form. */
  value: string | number | boolean | null;
  pos: SourcePosition;
}

/** The format a config file is written in (defined with the layer declarations in the kit). */
export type { ConfigFormat } from '../kit/layers.js';

export interface ParseProblem {
  message: string;
  pos: SourcePosition;
}

export interface ParsedFile {
  /** Absolute path. */
  path: string;
  format: ConfigFormat;
  text: string;
  /** Null when the text could not be parsed at all (see errors). */
  root: SourceNode | null;
  /** Syntax errors with the position of each. */
  errors: ParseProblem[];
  /** A key written twice in one object: the position of the second (and later) occurrence. */
  duplicateKeys: { key: string; pos: SourcePosition }[];
}

/** The value of the last entry named `key` (the one every format's loader keeps), if any. */
export function getEntry(object: SourceObject, key: string): SourceEntry | undefined {
  for (let i = object.entries.length - 1; i >= 0; i--) {
    if (object.entries[i]!.key === key) return object.entries[i];
  }
  return undefined;
}
