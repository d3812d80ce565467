import { setField } from '../../config/field-value.js';
import { isUnsupportedHandler } from '../../config/handler-type.js';
import { ruleMeta, type Rule } from '../rule.js';

/** A handler without a command has nothing to run. */
export const emptyCommand: Rule = {
  meta: ruleMeta('empty-command', 'error', 'a handler with a missing or blank command'),
  atLoad: true,
  check({ spec, checked, report }) {
    for (const handler of checked.declarations.handlers) {
      if (isUnsupportedHandler(spec, handler.node)) continue;
      const command = setField(handler.node, 'command');
      if (command === undefined) {
        report({ message: `this ${handler.group.event.name} hook has no "command"`, pos: handler.node.pos, invalidates: handler.node });
      } else if (command.value.kind === 'scalar' && typeof command.value.value === 'string' && command.value.value.trim() === '') {
        report({ message: `"command" is blank; give the command to run`, pos: command.value.pos, invalidates: handler.node });
      }
    }
  },
};
