import type { MessageDescriptor } from '../lint/message.js';
import { didYouMean } from '../util/did-you-mean.js';
import type { FieldType } from './config-spec.js';
import { describeValue } from './format-words.js';
import type { ConfigFormat, SourceNode } from './source-tree.js';

/** What a field of the wrong type is told (reported by the invalid-value rule, whose messages include these). */
export const FIELD_MESSAGES = {
  notString: '"{{key}}" must be a string, found {{found}}',
  notNonEmptyString: '"{{key}}" must be a non-empty string, found {{found}}',
  notBoolean: '"{{key}}" must be true or false, found {{found}}',
  notInEnum: '"{{key}}" must be one of {{values}}, found {{found}}',
  notInEnumDidYouMean: '"{{key}}" must be one of {{values}}, found {{found}}; did you mean "{{suggestion}}"?',
  quotedSeconds: '"{{key}}" must be a number of seconds, not a string: write {{seconds}} without quotes',
  notWholeSeconds: '"{{key}}" must be a whole number of seconds (1 or more), found {{found}}',
  notDuration: '"{{key}}" must be a duration such as "5s", found {{found}}',
} as const;

export type FieldProblem = MessageDescriptor<typeof FIELD_MESSAGES>;

/**
 * Why a set field's value does not fit its type, or null when it fits. Types checked by their own
 * rules (`go-duration`, `command`) only need to be of the right scalar kind here.
 */
export function checkField(key: string, node: SourceNode, type: FieldType, format: ConfigFormat): FieldProblem | null {
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
    case 'whole-seconds':
      if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return null;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
        return { messageId: 'quotedSeconds', data: { key, seconds: value.trim() } };
      }
      return { messageId: 'notWholeSeconds', data: { key, found: found() } };
    case 'go-duration':
      // Any scalar is read as a duration; a bad one falls back to the default (invalid-timeout).
      return node.kind === 'scalar' ? null : { messageId: 'notDuration', data: { key, found: found() } };
  }
}
