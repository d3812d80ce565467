import { HELD_BACK, managedOnlyKey } from '../../config/managed-only.js';
import { ruleMeta, type Rule } from '../rule.js';

/** Syntax errors and unreadable files; the parser already placed each at its position. */
export const parseError: Rule = {
  meta: ruleMeta('parse-error', 'error', 'malformed JSON, YAML or TOML, or a config file that cannot be read'),
  atLoad: true,
  check({ spec, checked, report }) {
    // The managed-only switch of an unreadable managed file cannot be known, so it fails closed.
    const consequence = managedOnlyKey(checked.file, spec) === undefined ? '' : `, and ${HELD_BACK}`;
    for (const error of checked.file.parsed.errors) {
      report({ message: `${error.message}; nothing in this file is loaded${consequence}`, pos: error.pos });
    }
  },
};
