import type { DialectConfigSpec, LintFacts } from '../../config/config-spec.js';
import { execArgs } from '../../config/handler-script.js';
import type { SourceObject } from '../../config/source-tree.js';
import { createRule } from '../rule.js';
import { handlerCommand } from '../../config/handler-command.js';

const SETS = 'on {{event}} {{dialect}} sets {{set}}';

/**
 * `$CLAUDE_FILE_PATHS`, `$CLAUDE_TOOL_INPUT` and friends come from blog posts, not from any agent:
 * they expand to nothing, so `grep -q secret $CLAUDE_FILE_PATHS` reads stdin or nothing and the
 * guard passes. Also a variable set only on some events, or only for plugins, used elsewhere.
 */
export const unsetVariable = createRule({
  id: 'unset-variable',
  severity: 'warning',
  description: 'a command that uses a variable the agent never sets for this hook (input comes as JSON on stdin)',
  atLoad: false,
  messages: {
    // {{name}} the variable; {{set}} the variables the agent does set for this hook, or a sentence saying it sets none.
    neverSet: `\${{name}} is never set by {{dialect}}, so it expands to nothing ({{instead}}); ${SETS}`,
    notOnEvent: `\${{name}} is set only on {{events}}, so here it expands to nothing; ${SETS}`,
    pluginOnly: `\${{name}} is set only for a plugin's hooks, and this file is not a plugin's, so it expands to nothing; ${SETS}`,
  },
  check({ spec, checked, report }) {
    const variables = spec.lint?.hookVariables;
    if (variables === undefined) return;
    const inPlugin = checked.file.plugin !== null;
    for (const handler of checked.declarations.handlers) {
      const command = handlerCommand(spec, handler.node);
      if (handler.group.event.spec === null || command === null) continue;
      const event = handler.group.event.name;
      const base = { event, dialect: spec.dialect, set: setFor(variables, event, inPlugin) };
      for (const name of usedVariables(spec, handler.node, command.text)) {
        const instead = variables.neverSet[name];
        const events = variables.byEvent?.[name];
        if (instead !== undefined) report({ messageId: 'neverSet', data: { ...base, name, instead }, pos: command.pos });
        else if (events !== undefined && !events.includes(event))
          report({ messageId: 'notOnEvent', data: { ...base, name, events: events.join(', ') }, pos: command.pos });
        else if (!inPlugin && variables.plugin.includes(name))
          report({ messageId: 'pluginOnly', data: { ...base, name }, pos: command.pos });
      }
    }
  },
});

const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Every `$NAME` / `${NAME…}` the command (and, in exec form, its arguments) refers to, each once. */
function usedVariables(spec: DialectConfigSpec, handler: SourceObject, command: string): string[] {
  const args = execArgs(spec, handler);
  const words = args?.kind === 'array' ? args.items.map((item) => (item.kind === 'scalar' ? String(item.value) : '')) : [];
  const names = [command, ...words].flatMap((text) => [...text.matchAll(REFERENCE)].map((match) => match[1] ?? match[2]!));
  return [...new Set(names)];
}

/** What the agent sets for a hook of this event, as the message writes it. */
function setFor(variables: NonNullable<LintFacts['hookVariables']>, event: string, inPlugin: boolean): string {
  const set = [
    ...variables.always,
    ...Object.entries(variables.byEvent ?? {}).flatMap(([name, events]) => (events.includes(event) ? [name] : [])),
    ...(inPlugin ? variables.plugin : []),
  ];
  return set.length === 0
    ? 'no variable of its own: the input is JSON on stdin'
    : `${set.map((name) => `$${name}`).join(', ')}, and the input as JSON on stdin`;
}
