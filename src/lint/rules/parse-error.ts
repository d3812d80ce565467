import { HELD_BACK, managedOnlyKey } from '../../config/managed-only.js';
import { createRule } from '../rule.js';

const NOTHING_LOADED = '{{error}}; nothing in this file is loaded';

/** Syntax errors and unreadable files; the parser already placed each at its position. */
export const parseError = createRule({
  id: 'parse-error',
  severity: 'error',
  description: 'malformed JSON, YAML or TOML, or a config file that cannot be read',
  atLoad: true,
  messages: {
    // {{error}} is the parser's or the file system's reason.
    unreadable: NOTHING_LOADED,
    // The managed-only switch of an unreadable managed file cannot be known, so it fails closed.
    unreadableManaged: `${NOTHING_LOADED}, and ${HELD_BACK}`,
  },
  check({ spec, checked, report }) {
    const messageId = managedOnlyKey(checked.file, spec) === undefined ? 'unreadable' : 'unreadableManaged';
    for (const error of checked.file.parsed.errors) report({ messageId, data: { error: error.message }, pos: error.pos });
  },
});
