import { setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';

/**
 * Handler fields Claude Code honours only elsewhere, with where: set in these files they do nothing
 * (cc hooks §Common fields: `once` is "Only honored for hooks declared in skill frontmatter").
 */
const HONOURED_ELSEWHERE: Readonly<Record<string, string>> = { once: 'skill frontmatter' };

/**
 * A handler field the agent honours only in another kind of file (claude `once`: skill
 * frontmatter; cc hooks §Common fields "ignored in settings files and agent frontmatter"). Here it
 * reads as a promise the agent does not keep: a `once` hook runs every time.
 */
export const fieldIgnored = createRule({
  id: 'field-ignored',
  severity: 'warning',
  description: 'a handler field the agent honours only elsewhere (such as `once` outside a skill)',
  atLoad: true,
  messages: {
    // {{field}} is the field name; {{where}} the only place the agent honours it.
    ignored: '"{{field}}" is honoured only in {{where}}; in this file the agent ignores it; remove it',
  },
  check({ checked, report }) {
    const fields = HONOURED_ELSEWHERE;
    const honoured = checked.file.activeWhile?.honours ?? [];
    for (const handler of checked.declarations.handlers) {
      for (const [field, where] of Object.entries(fields)) {
        if (honoured.includes(field)) continue;
        const entry = setField(handler.node, field);
        if (entry !== undefined) report({ messageId: 'ignored', data: { field, where }, pos: entry.keyPos });
      }
    }
  },
});
