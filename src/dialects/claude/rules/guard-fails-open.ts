import { scalarField, setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';
import { CLAUDE_CODE } from '../agent-version.js';
import { GUARD_EVENTS } from '../events.js';

/**
 * `onFailure: "block"` makes a failed or timed-out guard block (the binary's guard-event set;
 * test/agents/claude cases): on `events` (where a hook guards an action) a handler of one of `types`
 * without it lets the action through when it fails; `ignoredWith` are boolean fields that make the
 * agent ignore it.
 */
export const FAIL_CLOSED = {
  agent: CLAUDE_CODE,
  field: 'onFailure',
  value: 'block',
  events: GUARD_EVENTS,
  types: new Set(['command', 'http', 'mcp_tool']),
  ignoredWith: ['async', 'asyncRewake'],
} as const satisfies {
  agent: string;
  field: string;
  value: string;
  events: ReadonlySet<string>;
  types: ReadonlySet<string>;
  ignoredWith: readonly string[];
};

/**
 * A guard that fails open (claude: a PreToolUse, PermissionRequest, UserPromptSubmit,
 * PreSkillShellCommand… hook without `"onFailure": "block"`): when the hook cannot start, crashes,
 * exits with a code other than 0 or 2, prints invalid JSON or times out, the agent lets the action
 * through. The dialect names the field, its fail-closed value, the guard events and the handler
 * types that take it (FAIL_CLOSED).
 */
export const guardFailsOpen = createRule({
  id: 'guard-fails-open',
  severity: 'info',
  description: 'a guard hook that lets the action through when it fails or times out; the agent can make it block instead',
  atLoad: false,
  messages: {
    // {{agent}} names the agent; {{field}}/{{value}} the fail-closed setting; {{event}} the guard event.
    failsOpen:
      'when this {{event}} hook fails or times out, {{agent}} lets the action through; ' +
      'set "{{field}}": "{{value}}" so that a failure blocks it',
    failsOpenAsync: '{{agent}} ignores "{{field}}": "{{value}}" on an async hook: when this {{event}} hook fails, the action goes ahead',
  },
  check({ checked, report }) {
    const rule = FAIL_CLOSED;
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.name;
      const type = scalarField(handler.node, 'type', 'string');
      if (!rule.events.has(event) || type === undefined || !rule.types.has(type)) continue;
      const data = { agent: rule.agent, field: rule.field, value: rule.value, event };
      const entry = setField(handler.node, rule.field);
      const set = entry?.value.kind === 'scalar' ? entry.value.value : undefined;
      if (set === rule.value) {
        const ignoring = rule.ignoredWith.find((field) => scalarField(handler.node, field, 'boolean') === true);
        if (ignoring !== undefined) report({ messageId: 'failsOpenAsync', data, pos: entry!.value.pos });
        continue;
      }
      // An explicit other value ("continue") is the author's choice: fail open on purpose.
      if (entry !== undefined) continue;
      if (rule.ignoredWith.some((field) => scalarField(handler.node, field, 'boolean') === true)) continue;
      report({ messageId: 'failsOpen', data, pos: handler.node.pos });
    }
  },
});
