import { didYouMean, didYouMeanSuffix } from '../util/did-you-mean.js';
import type { FieldType } from './config-spec.js';
import { describeValue } from './format-words.js';
import type { ConfigFormat, SourceNode } from './source-tree.js';

/**
 * Why a set field's value does not fit its type, or null when it fits. Types checked by their own
 * rules (`go-duration`, `command`) only need to be of the right scalar kind here.
 */
export function checkField(key: string, node: SourceNode, type: FieldType, format: ConfigFormat): string | null {
  const value = node.kind === 'scalar' ? node.value : undefined;
  // Described only for a message: most values fit, and lint checks every field of every handler.
  const found = () => describeValue(node, format);
  switch (type.kind) {
    case 'string':
    case 'command':
      return typeof value === 'string' ? null : `"${key}" must be a string, found ${found()}`;
    case 'non-empty-string':
      return typeof value === 'string' && value.trim() !== '' ? null : `"${key}" must be a non-empty string, found ${found()}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `"${key}" must be true or false, found ${found()}`;
    case 'enum': {
      if (typeof value === 'string' && type.values.includes(value)) return null;
      const suggestion = typeof value === 'string' ? didYouMean(value, type.values) : null;
      return `"${key}" must be one of ${type.values.map((v) => JSON.stringify(v)).join(', ')}, found ${found()}` + didYouMeanSuffix(suggestion);
    }
    case 'whole-seconds':
      if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return null;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) return `"${key}" must be a number of seconds, not a string: write ${value.trim()} without quotes`;
      return `"${key}" must be a whole number of seconds (1 or more), found ${found()}`;
    case 'go-duration':
      // Any scalar is read as a duration; a bad one falls back to the default (invalid-timeout).
      return node.kind === 'scalar' ? null : `"${key}" must be a duration such as "5s", found ${found()}`;
  }
}
