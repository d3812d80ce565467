import type { ConfigFormat, SourceNode } from './source-tree.js';

/** What each format calls a key/value collection and a list, for messages in the user's terms. */
const WORDS: Readonly<Record<ConfigFormat, { object: string; array: string }>> = {
  json: { object: 'object', array: 'array' },
  jsonc: { object: 'object', array: 'array' },
  yaml: { object: 'mapping', array: 'list' },
  toml: { object: 'table', array: 'array' },
};

export function objectWord(format: ConfigFormat): string {
  return WORDS[format].object;
}

export function arrayWord(format: ConfigFormat): string {
  return WORDS[format].array;
}

/** `array` → `an array`, `table` → `a table`. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** A short description of a value as written, for "expected X, found Y" messages. */
export function describeValue(node: SourceNode, format: ConfigFormat): string {
  if (node.kind === 'object') return withArticle(objectWord(format));
  if (node.kind === 'array') return withArticle(arrayWord(format));
  if (node.value === null) return 'null';
  if (typeof node.value === 'string') return `the string ${JSON.stringify(node.value)}`;
  return `${typeof node.value === 'number' ? 'the number' : ''} ${String(node.value)}`.trim();
}
