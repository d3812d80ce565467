import { objectWord } from '../../config/format-words.js';
import { ruleMeta, type Rule } from '../rule.js';

/** JSON and YAML parsers silently keep one of two equal keys; the other value is lost. */
export const duplicateKey: Rule = {
  meta: ruleMeta('duplicate-key', 'error', 'the same key twice in one object'),
  atLoad: true,
  check({ checked, report }) {
    const { duplicateKeys, format } = checked.file.parsed;
    for (const duplicate of duplicateKeys) {
      report({
        message: `"${duplicate.key}" is already set in this ${objectWord(format)}; only the last value is used and the earlier one is lost`,
        pos: duplicate.pos,
      });
    }
  },
};
