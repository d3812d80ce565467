import { scalarField, setField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';
import { EXEC_FORM } from '../lint-facts.js';

/** A placeholder Claude Code will not substitute into a shell-form command (cc changelog 2.1.207: `${user_config.*}`). */
const REFUSED_IN_SHELL_FORM = /\$\{user_config\.[^}]*\}/;

/**
 * A placeholder the agent will not substitute into a shell command (claude `${user_config.*}`: the
 * value would be re-parsed by the shell, so Claude refuses to run the hook; cc changelog 2.1.207,
 * cc errors). Outside a plugin there is no value to substitute at all, and the shell fails on the
 * `${…}`. Exec form passes each argument as one word.
 */
export const shellFormPlaceholder = createRule({
  id: 'shell-form-placeholder',
  severity: 'error',
  description: 'a placeholder such as `${user_config.*}` in a shell-form command, which the agent refuses to run',
  atLoad: true,
  messages: {
    // {{placeholder}} as written; {{args}} the exec-form arguments field.
    refused:
      '{{placeholder}} in a shell-form command: the agent refuses to run this hook, ' +
      'since the substituted value would be re-parsed by the shell; ' +
      'use exec form ("command" is the program, "{{args}}" holds "{{placeholder}}" as one argument)',
    // Outside a plugin: no value exists, and sh rejects `${a.b}` ("Bad substitution").
    noValue:
      '{{placeholder}} in a shell-form command outside a plugin: ' +
      'nothing substitutes it and the shell fails on it ("Bad substitution"); only plugin hooks get such values',
  },
  check({ checked, report }) {
    const refused = REFUSED_IN_SHELL_FORM;
    for (const handler of checked.declarations.handlers) {
      const command = scalarField(handler.node, 'command', 'string');
      if (command === undefined || setField(handler.node, EXEC_FORM.argsField) !== undefined) continue;
      const placeholder = new RegExp(refused.source, refused.flags.replace('g', '')).exec(command)?.[0];
      if (placeholder === undefined) continue;
      const pos = setField(handler.node, 'command')!.value.pos;
      if (checked.file.source === 'plugin') report({ messageId: 'refused', data: { placeholder, args: EXEC_FORM.argsField }, pos });
      else report({ messageId: 'noValue', data: { placeholder }, pos });
    }
  },
});
