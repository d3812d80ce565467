import { scalarField, setField } from '../../config/field-value.js';
import { createRule } from '../rule.js';

/**
 * In exec form `command` is one program, spawned without a shell. A bare name with whitespace,
 * `node hook.js`, names a program that does not exist: the spawn fails. Claude Code logs the same
 * warning (cc hooks §Exec form and shell form); a path with a separator may contain spaces.
 */
export const execCommandHasSpaces = createRule({
  id: 'exec-command-has-spaces',
  severity: 'warning',
  description: 'an exec-form command (with args) whose program name contains whitespace',
  atLoad: true,
  messages: {
    // {{command}} is a JSON string (quoted); {{program}} its first word; {{args}} the arguments field.
    spaces:
      'with "{{args}}" set, "command" is one program run without a shell: there is no program named {{command}}, so the hook fails; ' +
      'set "command" to "{{program}}" and move the rest into "{{args}}"',
  },
  check({ spec, checked, report }) {
    const execForm = spec.execForm;
    if (execForm === undefined) return;
    for (const handler of checked.declarations.handlers) {
      const command = scalarField(handler.node, 'command', 'string');
      if (command === undefined || setField(handler.node, execForm.argsField) === undefined) continue;
      const trimmed = command.trim();
      if (!/\s/.test(trimmed) || /[/\\]/.test(trimmed)) continue;
      const data = { args: execForm.argsField, command: JSON.stringify(command), program: trimmed.split(/\s+/)[0]! };
      report({ messageId: 'spaces', data, pos: setField(handler.node, 'command')!.value.pos });
    }
  },
});
