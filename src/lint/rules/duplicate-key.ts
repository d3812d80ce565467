import { fileHooksNode, rejectsWholeFile, wholeFileClause } from '../../config/agent-rejection.js';
import { objectWord } from '../../config/format-words.js';
import { createRule } from '../rule.js';

/**
 * JSON and YAML parsers silently keep one of two equal keys; the other value is lost. An agent that
 * deserialises the file strictly (openinterpreter, after Codex's serde "duplicate field") ignores
 * the whole file instead. Claude Code parses settings as JavaScript's JSON.parse does: the last value
 * is kept and the file loads (test/agents/claude).
 */
export const duplicateKey = createRule({
  id: 'duplicate-key',
  severity: 'error',
  description: 'the same key twice in one object',
  atLoad: true,
  messages: {
    // {{object}} is the format's word: object (JSON), mapping (YAML).
    alreadySet: '"{{key}}" is already set in this {{object}}; only the last value is used and the earlier one is lost',
    // {{clause}}: the agent ignores this whole file / every hook in this file.
    setTwiceFileIgnored: '{{clause}}: "{{key}}" is set twice in this {{object}}',
  },
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const { duplicateKeys, format } = file.parsed;
    // An agent that parses JSON as JavaScript does (claude: policy `granularity`) keeps the last value too.
    const strictParse = rejectsWholeFile(spec, file) && spec.policy.granularity === undefined;
    const fileHooks = strictParse ? fileHooksNode(file, declarations) : undefined;
    for (const duplicate of duplicateKeys) {
      const data = { key: duplicate.key, object: objectWord(format) };
      if (fileHooks === undefined) report({ messageId: 'alreadySet', data, pos: duplicate.pos });
      else
        report({
          messageId: 'setTwiceFileIgnored',
          data: { ...data, clause: wholeFileClause(file) },
          pos: duplicate.pos,
          invalidates: fileHooks,
        });
    }
  },
});
