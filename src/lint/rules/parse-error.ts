import { ruleMeta, type Rule } from '../rule.js';

/** Syntax errors and unreadable files; the parser already placed each at its position. */
export const parseError: Rule = {
  meta: ruleMeta('parse-error', 'error', 'malformed JSON, YAML or TOML, or a config file that cannot be read'),
  atLoad: true,
  check({ checked, report }) {
    for (const error of checked.file.parsed.errors) report({ message: `${error.message}; nothing in this file is loaded`, pos: error.pos });
  },
};
