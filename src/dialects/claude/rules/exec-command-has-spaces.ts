import { scalarField, setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';
import { EXEC_FORM } from '../lint-facts.js';

/**
 * In exec form `command` is one program, spawned without a shell. A bare name with whitespace,
 * `node hook.js`, names a program that does not exist: the spawn fails. Claude Code logs a warning
 * when the whole command has no path separator (cc hooks §Exec form and shell form); hookctl looks
 * at the first word, so `node .claude/hooks/a.js` is caught too, while a path with spaces such as
 * `/opt/My Tools/hook` is one valid program.
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
  check({ checked, report }) {
    const execForm = EXEC_FORM;
    for (const handler of checked.declarations.handlers) {
      const command = scalarField(handler.node, 'command', 'string');
      if (command === undefined || setField(handler.node, execForm.argsField) === undefined) continue;
      const words = command.trim().split(/\s+/);
      // `/opt/My Tools/hook` is one path with a space; `node hook.js` is a program and its argument.
      if (words.length < 2 || /[/\\]/.test(words[0]!)) continue;
      const data = { args: execForm.argsField, command: JSON.stringify(command), program: words[0]! };
      report({ messageId: 'spaces', data, pos: setField(handler.node, 'command')!.value.pos });
    }
  },
});
