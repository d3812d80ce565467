import type { MessageDescriptor } from '../kit/message.js';
import { didYouMean } from '../util/did-you-mean.js';
import type { FieldType } from './config-spec.js';
import { arrayWord, describeValue, objectWord, withArticle } from './format-words.js';
import type { ConfigFormat, SourceNode } from './source-tree.js';

/** What a field of the wrong type is told (reported by the invalid-value rule, whose messages include these). */
export const FIELD_MESSAGES = {
  notString: '"{{key}}" must be a string, found {{found}}',
  notNonEmptyString: '"{{key}}" must be a non-empty string, found {{found}}',
  notBoolean: '"{{key}}" must be true or false, found {{found}}',
  notInEnum: '"{{key}}" must be one of {{values}}, found {{found}}',
  notInEnumDidYouMean: '"{{key}}" must be one of {{values}}, found {{found}}; did you mean "{{suggestion}}"?',
  quotedSeconds: '"{{key}}" must be a number of seconds, not a string: write {{seconds}} without quotes',
  notWholeSeconds: '"{{key}}" must be a whole number of seconds, found {{found}}',
  // A number the agent's deserializer (serde, u64) refuses for how it is written: `30.0`.
  notWrittenWhole: '"{{key}}" must be written as a whole number, found {{written}}',
  notCount: '"{{key}}" must be a whole number (0 or more), found {{found}}',
  notDuration: '"{{key}}" must be a duration such as "5s", found {{found}}',
  // A whole number beyond what the agent can take (codex: above i64::MAX it cannot hash the hook).
  aboveMax: '"{{key}}" must be at most {{max}}, found {{written}}',
  notPositiveSeconds: '"{{key}}" must be a number of seconds above 0, found {{found}}',
  notStringList: '"{{key}}" must be {{expected}} of strings, found {{found}}',
  notStringRecord: '"{{key}}" must be {{expected}} whose values are strings, found {{found}}',
  notObject: '"{{key}}" must be {{expected}}, found {{found}}',
} as const;

export type FieldProblem = MessageDescriptor<typeof FIELD_MESSAGES>;

/**
 * Why a set field's value does not fit its type, or null when it fits. Types checked by their own
 * rules (`go-duration`, `command`) only need to be of the right scalar kind here.
 */
export function checkField(key: string, node: SourceNode, type: FieldType, format: ConfigFormat, text = ''): FieldProblem | null {
  const value = node.kind === 'scalar' ? node.value : undefined;
  // Described only for a message: most values fit, and lint checks every field of every handler.
  const found = () => describeValue(node, format);
  switch (type.kind) {
    case 'string':
    case 'command':
      return typeof value === 'string' ? null : { messageId: 'notString', data: { key, found: found() } };
    case 'non-empty-string':
      return typeof value === 'string' && value.trim() !== '' ? null : { messageId: 'notNonEmptyString', data: { key, found: found() } };
    case 'boolean':
      return typeof value === 'boolean' ? null : { messageId: 'notBoolean', data: { key, found: found() } };
    case 'enum': {
      if (typeof value === 'string' && type.values.includes(value)) return null;
      const values = type.values.map((v) => JSON.stringify(v)).join(', ');
      const suggestion = typeof value === 'string' ? didYouMean(value, type.values) : null;
      return suggestion === null
        ? { messageId: 'notInEnum', data: { key, values, found: found() } }
        : { messageId: 'notInEnumDidYouMean', data: { key, values, found: found(), suggestion } };
    }
    case 'whole-seconds': {
      // Beyond 2^53 a number is not read exactly, so the bound is checked on the written literal.
      const literal = type.max === undefined ? null : integerLiteral(node, text);
      if (literal !== null)
        return literal <= type.max!
          ? null
          : { messageId: 'aboveMax', data: { key, max: String(type.max), written: writtenAs(node, text) } };
      if (isWholeNumber(value, node, text)) return null;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
        return { messageId: 'quotedSeconds', data: { key, seconds: value.trim() } };
      }
      if (isNonNegativeInteger(value)) return { messageId: 'notWrittenWhole', data: { key, written: writtenAs(node, text) } };
      return { messageId: 'notWholeSeconds', data: { key, found: found() } };
    }
    case 'positive-seconds':
      if (typeof value === 'number' && value > 0) return null;
      if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) && Number(value) > 0) {
        return { messageId: 'quotedSeconds', data: { key, seconds: value.trim() } };
      }
      return { messageId: 'notPositiveSeconds', data: { key, found: found() } };
    case 'string-list':
      if (node.kind === 'array' && node.items.every((item) => item.kind === 'scalar' && typeof item.value === 'string')) return null;
      return { messageId: 'notStringList', data: { key, expected: withArticle(arrayWord(format)), found: found() } };
    case 'string-record':
      if (node.kind === 'object' && node.entries.every((entry) => entry.value.kind === 'scalar' && typeof entry.value.value === 'string'))
        return null;
      return { messageId: 'notStringRecord', data: { key, expected: withArticle(objectWord(format)), found: found() } };
    case 'object':
      return node.kind === 'object'
        ? null
        : { messageId: 'notObject', data: { key, expected: withArticle(objectWord(format)), found: found() } };
    case 'count':
      if (isWholeNumber(value, node, text)) return null;
      if (isNonNegativeInteger(value)) return { messageId: 'notWrittenWhole', data: { key, written: writtenAs(node, text) } };
      return { messageId: 'notCount', data: { key, found: found() } };
    case 'any':
      return null;
    case 'go-duration':
      // Any scalar is read as a duration; a bad one falls back to the default (invalid-timeout).
      return node.kind === 'scalar' ? null : { messageId: 'notDuration', data: { key, found: found() } };
  }
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * An integer ≥ 0 as written. Numbers are read as JavaScript numbers, where `30.0` and `30` are the
 * same value; the agent's deserializer (serde, u64) refuses the float, so the source text decides.
 */
function isWholeNumber(value: unknown, node: SourceNode, text: string): boolean {
  if (!isNonNegativeInteger(value)) return false;
  return text === '' || INTEGER_LITERAL.test(text.slice(node.pos.offset, node.pos.offset + 40));
}

/** A JSON or TOML integer literal (TOML also writes 0x, 0o, 0b and `_` separators), not a float. */
const INTEGER_LITERAL = /^\+?(?:0x[0-9A-Fa-f_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*)(?![0-9A-Za-z_.])/;

/** The exact value of an integer literal ≥ 0 as written (decimal, or TOML 0x/0o/0b with `_`), else null. */
function integerLiteral(node: SourceNode, text: string): bigint | null {
  if (node.kind !== 'scalar' || typeof node.value !== 'number' || text === '') return null;
  const literal = INTEGER_LITERAL.exec(text.slice(node.pos.offset, node.pos.offset + 200))?.[0];
  if (literal === undefined) return null;
  try {
    return BigInt(literal.replace(/^\+/, '').replaceAll('_', ''));
  } catch {
    return null;
  }
}

function writtenAs(node: SourceNode, text: string): string {
  const literal = /^[^\s,}\]#]+/.exec(text.slice(node.pos.offset, node.pos.offset + 40))?.[0];
  return literal ?? String(node.kind === 'scalar' ? node.value : '');
}
