import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../contracts/package-root.js';
import { eventFileStem } from '../../contracts/schema-files.js';
import { memoize } from '../memoize.js';
import { builtObjectKeys } from '../printed-json.js';
import { createRule } from '../rule.js';
import { handlerCommand } from '../../config/handler-command.js';

/** `exit 2` as a command of its own: at the start, after `;`, `&&`, `||`, `|`, `{`, `(` or `then`/`else`. */
const EXIT_TWO = /(?:^|[;&|{(]|\b(?:then|else|do)\b)\s*exit\s+2(?=\s*(?:$|[;&|)}]|\bfi\b))/m;

/** JSON printed as a literal: `echo '{…}'`, `printf '{…}'` as a command of its own. */
const PRINTED_JSON = /(?:^|[;&|{(]|\b(?:then|else|do)\b)\s*(?:echo|printf)\s+'(\{[^']*\})'/gm;

/**
 * Output the agent ignores, written inline (issue 39): a literal `exit 2` on an event where exit 2
 * cannot block (the dialect's `exitTwoIgnored`, from each event's output description), and a key of
 * JSON the command prints as a literal that the event's published output schema does not have at the
 * top level (a decision on an event that has none), or has only under `hookSpecificOutput`. The
 * author meant to stop or tell something; the agent ignores it and goes on.
 */
export const outputIgnored = createRule({
  id: 'output-ignored',
  severity: 'warning',
  description: 'a hook whose inline output the agent ignores: exit 2 on an event that cannot block, a JSON key its output does not have',
  atLoad: false,
  messages: {
    // {{effect}}: what the agent does with exit 2 on this event, a clause naming the agent.
    exitTwoIgnored: 'the command exits 2 to block, but {{event}} cannot be blocked: {{effect}}, and the {{event}} goes on',
    // {{key}} quoted; the event's output schema has it only inside hookSpecificOutput.
    nestedKey:
      'the JSON the command prints has {{key}} at the top level, where {{event}} output does not read it: put it in "hookSpecificOutput"',
    // {{keys}}: the top-level keys the event's output has.
    notInOutput: 'the JSON the command prints has {{key}}, which {{event}} output does not have ({{keys}}), so the agent ignores it',
    // Issue 39: `echo '{\"decision\":…}'` — inside single quotes the backslashes stay, and the output is no JSON.
    // {{agent}} blocks on exit 2 only with a reason on stdout or stderr; the command writes none.
    silentExitTwo:
      'the command exits 2 without writing anything, and {{agent}} blocks only when stdout or stderr holds a reason: ' +
      'with neither it reads no output and the {{event}} goes on; write the reason to stderr (`echo "…" >&2; exit 2`)',
    notJson: 'the command prints {{text}} as its JSON output, but it is not valid JSON ({{reason}}), so the agent reads nothing from it',
  },
  check({ spec, checked, report }) {
    const ignored = spec.lint?.exitTwoIgnored ?? {};
    const needsText = spec.lint?.exitTwoNeedsText;
    const schemaOf = memoize((event: string) => outputSchema(spec.dialect, event));
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.name;
      if (handler.group.event.spec === null) continue;
      const command = handlerCommand(spec, handler.node);
      if (command === null) continue;
      const pos = command.pos;
      if (Object.hasOwn(ignored, event) && EXIT_TWO.test(command.text))
        report({ messageId: 'exitTwoIgnored', data: { event, effect: ignored[event]! }, pos });
      else if (needsText !== undefined && EXIT_TWO.test(command.text) && writesNothing(command.text))
        report({ messageId: 'silentExitTwo', data: { agent: needsText, event }, pos });
      const schema = schemaOf(event);
      if (schema === null) continue;
      for (const printed of printedObjects(command.text)) {
        if ('error' in printed) report({ messageId: 'notJson', data: { text: printed.text, reason: printed.error }, pos });
      }
      for (const key of printedKeys(command.text)) {
        if (Object.hasOwn(schema.topLevel, key)) continue;
        if (schema.nested.includes(key)) report({ messageId: 'nestedKey', data: { key: JSON.stringify(key), event }, pos });
        else
          report({
            messageId: 'notInOutput',
            data: { key: JSON.stringify(key), event, keys: Object.keys(schema.topLevel).join(', ') },
            pos,
          });
      }
    }
  },
});

/** Commands that write nothing to stdout or stderr (grep only with -q, -s aside). */
const QUIET = /^(?:exit(?:\s+\d+)?|test\b.*|\[\[?\s.*|true|false|:|grep\s+(?:-[a-zA-Z]*\s+)*-[a-zA-Z]*q[a-zA-Z]*\b.*)$/s;

/**
 * Whether every simple command of the command line is one that writes nothing (a test, `grep -q`,
 * `exit`): then an exit 2 leaves stdout and stderr empty. Anything else may write, and is not judged.
 */
function writesNothing(command: string): boolean {
  // Quoted text is one word: its `|` and `;` separate nothing (`grep -qE 'rm -rf|sudo'`).
  const simple = command
    .replace(/'[^']*'|"(?:[^"\\$`]|\\.)*"/g, "''")
    .split(/&&|\|\||[;|\n{}()]|\b(?:if|then|else|elif|fi)\b/)
    .map((part) => part.trim().replace(/^!\s*/, ''))
    .filter((part) => part !== '');
  return simple.length > 0 && simple.every((part) => QUIET.test(part) && !/>|\$\(|`/.test(part));
}

/** The top-level keys of each JSON object the command prints as a literal or builds from literals. */
function printedKeys(command: string): string[] {
  const literal = printedObjects(command).flatMap((printed) => ('keys' in printed ? printed.keys : []));
  return [...literal, ...builtObjectKeys(command).flat()];
}

/** Each `{…}` the command prints as a literal: its keys, or why it is no JSON (written with `\"`, a trailing comma). */
function printedObjects(command: string): ({ keys: string[] } | { text: string; error: string })[] {
  return [...command.matchAll(PRINTED_JSON)].map((match) => {
    const text = match[1]!;
    try {
      const value: unknown = JSON.parse(text);
      return { keys: typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [] };
    } catch (error) {
      // printf turns `\"` into `"` itself; echo and single quotes keep the backslash.
      if (/^\s*printf\b/.test(match[0]!.replace(/^[;&|{(]|\b(?:then|else|do)\b/, '')) && text.includes('\\')) return { keys: [] };
      const shown = text.length > 40 ? `${text.slice(0, 37)}…` : text;
      return { text: JSON.stringify(shown), error: (error as Error).message.split('\n')[0]! };
    }
  });
}

interface OutputShape {
  topLevel: Readonly<Record<string, unknown>>;
  /** The keys of `hookSpecificOutput`, where the event has it. */
  nested: readonly string[];
}

/**
 * The event's published output schema (schema/<dialect>/events/<event>.output.json), as far as lint
 * reads it: its top-level keys and those of hookSpecificOutput. Null where the event has no JSON
 * output contract, the schema is not closed (additional keys allowed), or it cannot be read.
 */
function outputSchema(dialect: string, event: string): OutputShape | null {
  try {
    const path = join(packageRoot(), 'schema', dialect, 'events', `${eventFileStem(event)}.output.json`);
    const schema = JSON.parse(readFileSync(path, 'utf8')) as {
      additionalProperties?: unknown;
      properties?: Record<string, { properties?: Record<string, unknown> }>;
    };
    if (schema.additionalProperties !== false || schema.properties === undefined) return null;
    return { topLevel: schema.properties, nested: Object.keys(schema.properties.hookSpecificOutput?.properties ?? {}) };
  } catch {
    return null;
  }
}
