import { fileHooksNode, rejectsWholeFile, wholeFileClause } from '../../config/agent-rejection.js';
import { objectWord } from '../../config/format-words.js';
import { ruleMeta, type Rule } from '../rule.js';

/**
 * JSON and YAML parsers silently keep one of two equal keys; the other value is lost. An agent that
 * deserialises the file strictly (openinterpreter: serde's "duplicate field") rejects the file instead.
 */
export const duplicateKey: Rule = {
  meta: ruleMeta('duplicate-key', 'error', 'the same key twice in one object'),
  atLoad: true,
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const { duplicateKeys, format } = file.parsed;
    const fileHooks = rejectsWholeFile(spec, file) ? fileHooksNode(file, declarations) : undefined;
    for (const duplicate of duplicateKeys) {
      if (fileHooks !== undefined) {
        report({
          message: `${wholeFileClause(file)}: "${duplicate.key}" is set twice in this ${objectWord(format)}`,
          pos: duplicate.pos,
          invalidates: fileHooks,
        });
        continue;
      }
      report({
        message: `"${duplicate.key}" is already set in this ${objectWord(format)}; only the last value is used and the earlier one is lost`,
        pos: duplicate.pos,
      });
    }
  },
};
