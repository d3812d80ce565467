import { setField } from '../../config/field-value.js';
import { scalarField } from '../../config/field-value.js';
import { isUnsupportedHandler, requiredFields } from '../../config/handler-type.js';
import { createRule } from '../rule.js';

/** A handler without a command has nothing to run. */
export const emptyCommand = createRule({
  id: 'empty-command',
  severity: 'error',
  description: 'a handler with a missing or blank command',
  atLoad: true,
  messages: {
    noCommand: 'this {{event}} hook has no "command"',
    blankCommand: '"command" is blank; give the command to run',
  },
  check({ spec, checked, report }) {
    for (const handler of checked.declarations.handlers) {
      if (isUnsupportedHandler(spec, handler.node)) continue;
      // Types that run something other than a command (an http URL) are invalid-value's to check.
      if (!requiredFields(spec, scalarField(handler.node, 'type', 'string')).includes('command')) continue;
      const command = setField(handler.node, 'command');
      if (command === undefined) {
        report({ messageId: 'noCommand', data: { event: handler.group.event.name }, pos: handler.node.pos, invalidates: handler.node });
      } else if (command.value.kind === 'scalar' && typeof command.value.value === 'string' && command.value.value.trim() === '') {
        report({ messageId: 'blankCommand', pos: command.value.pos, invalidates: handler.node });
      }
    }
  },
});
