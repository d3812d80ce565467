import { basename } from 'node:path';
import type { HandlerDeclaration } from '../../../config/declarations.js';
import { handlerCommand } from '../../../config/handler-command.js';
import { handlerScript } from '../../../config/handler-script.js';
import { createRule } from '../../../config/rule.js';
import { concordance } from '../concordance.js';
import { COPILOT_EVENTS } from '../events.js';

const NAMES: ReadonlySet<string> = new Set(COPILOT_EVENTS.map((event) => event.name));

/**
 * Each camelCase event's Claude Code name, which Copilot CLI fires for the same action (docs/copilot.md,
 * "registering both names of an action runs both"; test/agents/copilot/events.test.ts fires both): the
 * concordance's name where they differ (`agentStop` → `Stop`), else the same name capitalised, when
 * the binary fires it (`UserPromptTransformed` never fires).
 */
const TWIN: ReadonlyMap<string, string> = new Map(
  COPILOT_EVENTS.flatMap(({ name }) => {
    if (!/^[a-z]/.test(name)) return [];
    const canonical = Object.entries(concordance.events).find(([, own]) => own === name)?.[0];
    const twin = canonical ?? `${name[0]!.toUpperCase()}${name.slice(1)}`;
    return NAMES.has(twin) ? [[twin, name] as const] : [];
  }),
);

/**
 * The same hook under both names of one action (issue 42): `preToolUse` and `PreToolUse` both fire,
 * so it runs twice per action, once with the camelCase payload (`toolName: "bash"`, `toolArgs`) and
 * once with Claude's snake_case one (`tool_name: "Bash"`, `tool_input`), which a script written for
 * one shape misreads. Reported at the Claude-named registration. "The same" is the same command, or
 * the same script file with the same arguments; only handlers with no matcher or the same matcher text (either case) on both
 * sides, so the two surely fire for the same calls.
 */
export const bothEventNames = createRule({
  id: 'both-event-names',
  severity: 'warning',
  description: 'the same Copilot hook registered under an event and its Claude Code name, so it runs twice with two payload shapes',
  atLoad: false,
  messages: {
    // {{other}}: the camelCase event; {{at}}: where that registration is.
    twice:
      'this command is also registered on {{other}} ({{at}}), and Copilot CLI fires both {{other}} and {{event}} for the same action: ' +
      'it runs twice, once with the camelCase payload (toolName, toolArgs) and once with the snake_case one (tool_name, tool_input); ' +
      'keep one registration',
  },
  check({ spec, checked, all, projectDir, showPath, report }) {
    const key = (file: (typeof all)[number]['file'], handler: HandlerDeclaration): string | null => {
      const command = handlerCommand(spec, handler.node);
      if (command === null || command.text.trim() === '') return null;
      const script = handlerScript(spec, file, handler.node, projectDir);
      // The same script with other arguments (`guard.sh camel`, `guard.sh claude`) may be told which shape it gets.
      if (script !== null) return `script:${script.path}\0${argumentsAfter(command.text, basename(script.path))}`;
      return `command:${command.text.trim()}`;
    };
    const matcherOf = (handler: HandlerDeclaration): string => {
      const value = handler.group.matcher?.value;
      return value?.kind === 'scalar' ? String(value.value).toLowerCase() : '';
    };
    for (const handler of checked.declarations.handlers) {
      const other = TWIN.get(handler.group.event.name);
      const own = other === undefined ? null : key(checked.file, handler);
      if (own === null) continue;
      const twin = all
        .flatMap((item) => item.declarations.handlers.map((declared) => ({ file: item.file, declared })))
        .find(
          ({ file, declared }) =>
            declared.group.event.name === other && key(file, declared) === own && matcherOf(declared) === matcherOf(handler),
        );
      const pos = handlerCommand(spec, handler.node)?.pos;
      if (twin === undefined || pos === undefined) continue;
      const at = `${showPath(twin.file.parsed.path)}:${twin.declared.node.pos.line}`;
      report({ messageId: 'twice', data: { other: other!, event: handler.group.event.name, at }, pos });
    }
  },
});

/** What the command passes after the script (the text after its file name's last mention), quotes aside. */
function argumentsAfter(command: string, name: string): string {
  const at = command.lastIndexOf(name);
  return at === -1
    ? ''
    : command
        .slice(at + name.length)
        .replace(/^["']/, '')
        .trim();
}
