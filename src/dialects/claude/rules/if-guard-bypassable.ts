import { setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';
import { ifBypasses } from '../if-condition.js';
import { CLAUDE_CODE } from '../agent-version.js';
import { CONDITION_FIELD } from '../lint-facts.js';

/**
 * Command forms that run what an `if` rule names without Claude Code running the hook: it tests
 * `Bash(rm *)` against the command as written, so `sudo rm` skips it. On `events` (where a hook
 * guards), `bypasses(rule)` lists such forms, or null for a rule that names no command. Claude Code
 * 2.1.328 follows no wrapper, path, eval or -c script for `if` (test/agents/claude/tables.test.ts).
 */
export const BYPASS = { agent: CLAUDE_CODE, events: new Set(['PreToolUse', 'PermissionRequest']), bypasses: ifBypasses };

/**
 * A guard that relies on the agent's `if` filter to see the command (claude `"if": "Bash(rm *)"`
 * on PreToolUse or PermissionRequest): the agent tests the command words as written, so the same
 * command behind a wrapper, a path, `-c` or `eval` skips the hook and the guard never decides.
 * hookctl decides as the agent does (the dispatch warns per command); this says it before any
 * command arrives.
 */
export const ifGuardBypassable = createRule({
  id: 'if-guard-bypassable',
  severity: 'warning',
  description: 'a guard whose `if` rule the agent skips for the same command behind sudo, a path, env, bash -c or eval',
  atLoad: false,
  messages: {
    // {{rule}} is the rule as written (quoted); {{forms}} the forms that skip it; {{agent}} names the agent.
    bypassed:
      '{{agent}} tests the `{{field}}` rule {{rule}} against the command words as written, so it does not run this ' +
      '{{event}} hook for {{forms}}: a guard here is bypassed by those forms; ' +
      'match the command in the hook script instead (matcher "Bash" without "{{field}}")',
  },
  check({ checked, report }) {
    const condition = CONDITION_FIELD;
    const bypass = BYPASS;
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.name;
      const entry = setField(handler.node, condition.field);
      if (!bypass.events.has(event) || entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string') continue;
      const forms = bypass.bypasses(entry.value.value);
      if (forms === null) continue;
      report({
        messageId: 'bypassed',
        data: {
          agent: bypass.agent,
          field: condition.field,
          rule: JSON.stringify(entry.value.value),
          event,
          forms: forms.map((form) => `\`${form}\``).join(', '),
        },
        pos: entry.value.pos,
      });
    }
  },
});
