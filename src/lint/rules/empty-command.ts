import { fileHooksNode, missingCommandScope, rejectionOf, rejectsWholeFile, wholeFileClause } from '../../config/agent-rejection.js';
import { scalarField, setField } from '../../config/field-value.js';
import { isUnsupportedHandler, requiredFields } from '../../config/handler-type.js';
import { createRule } from '../rule.js';

/**
 * A handler without a command has nothing to run. Where the agent reads a file's hooks all at once,
 * a missing command fails the whole file: Codex deserialises `command` as a required `String`
 * (codex-rs/config/src/hook_config.rs HookHandlerConfig::Command). Where the dialect declares a
 * finer policy `granularity` (claude), it costs what that says. A blank command Codex skips alone
 * (discovery.rs "skipping empty hook command"); Claude's schema takes it, and it runs nothing.
 */
export const emptyCommand = createRule({
  id: 'empty-command',
  severity: 'error',
  description: 'a handler with a missing or blank command',
  atLoad: true,
  messages: {
    noCommand: 'this {{event}} hook has no "command"',
    blankCommand: '"command" is blank; give the command to run',
    // {{clause}}: "the agent ignores this whole file" (a hooks file) or "… every hook in this file" (settings, TOML).
    noCommandFileIgnored: '{{clause}}: this {{event}} hook has no "command"',
    // {{clause}}: what the agent drops short of the file: the event's hooks of the file, or what the
    // policy granularity says ("Claude Code 2.1.332 ignores this Stop hook alone").
    noCommandIgnored: '{{clause}}: this {{event}} hook has no "command"',
  },
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const fileHooks = rejectsWholeFile(spec, file) ? fileHooksNode(file, declarations) : undefined;
    const clause = wholeFileClause(file);
    for (const handler of declarations.handlers) {
      if (isUnsupportedHandler(spec, handler.node)) continue;
      // Types that run something other than a command (an http URL) are invalid-value's to check.
      if (!requiredFields(spec, scalarField(handler.node, 'type', 'string')).includes('command')) continue;
      // The agent skips an event it does not know without reading it: only that entry is lost.
      const dropsFile = fileHooks !== undefined && handler.group.event.spec !== null;
      const event = handler.group.event.name;
      const command = setField(handler.node, 'command');
      if (command === undefined) {
        const rejection = dropsFile
          ? rejectionOf(spec, file, declarations, { level: 'handler', node: handler.node, event: handler.group.event })
          : undefined;
        if (rejection !== undefined) {
          const { clause, invalidates } = rejection;
          report({ messageId: 'noCommandIgnored', data: { clause, event }, pos: handler.node.pos, invalidates });
        } else if (dropsFile && missingCommandScope(spec) === 'event') {
          const data = { clause: `the agent ignores every ${event} hook in this file`, event };
          report({ messageId: 'noCommandIgnored', data, pos: handler.node.pos, invalidates: handler.group.event.value });
        } else if (dropsFile)
          report({ messageId: 'noCommandFileIgnored', data: { clause, event }, pos: handler.node.pos, invalidates: fileHooks });
        else report({ messageId: 'noCommand', data: { event }, pos: handler.node.pos, invalidates: handler.node });
      } else if (command.value.kind === 'scalar' && typeof command.value.value === 'string' && command.value.value.trim() === '') {
        report({ messageId: 'blankCommand', pos: command.value.pos, invalidates: handler.node });
      }
    }
  },
});
