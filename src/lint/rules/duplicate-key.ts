import { objectWord } from '../../config/format-words.js';
import { createRule } from '../rule.js';

/** JSON and YAML parsers silently keep one of two equal keys; the other value is lost. */
export const duplicateKey = createRule({
  id: 'duplicate-key',
  severity: 'error',
  description: 'the same key twice in one object',
  atLoad: true,
  messages: {
    // {{object}} is the format's word: object (JSON), mapping (YAML).
    alreadySet: '"{{key}}" is already set in this {{object}}; only the last value is used and the earlier one is lost',
  },
  check({ checked, report }) {
    const { duplicateKeys, format } = checked.file.parsed;
    for (const duplicate of duplicateKeys) {
      report({ messageId: 'alreadySet', data: { key: duplicate.key, object: objectWord(format) }, pos: duplicate.pos });
    }
  },
});
