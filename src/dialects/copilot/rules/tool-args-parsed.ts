import { createRule } from '../../../config/rule.js';
import { hookCode, whereIn } from './hook-code.js';

/** A parse call's opening: JavaScript `JSON.parse(`, Python `json.loads(`. Its argument is read up to the matching `)`. */
const PARSE_CALL = /\b(JSON\.parse|json\.loads)\s*\(/g;

/** jq's `.toolArgs | fromjson` (also `fromjson?`). */
const JQ_FROMJSON = /\.toolArgs\s*\|\s*fromjson\b/g;

/**
 * Code that copes with both: it asks whether toolArgs is a string (`typeof … toolArgs === 'string'`,
 * `isinstance(…toolArgs…, str)`, jq `type`), or also reads it as the object (jq `.toolArgs.command //
 * (try (.toolArgs | fromjson | .command) …)`, `data["toolArgs"]["command"]`).
 */
const COPES = new RegExp(
  String.raw`typeof\s+[\w$.?[\]'"]*toolArgs|isinstance\([^)\n]*toolArgs|toolArgs\s*\|\s*type\b` +
    String.raw`|\.toolArgs\??\.[A-Za-z_]|\[\s*['"]toolArgs['"]\s*\]\s*(?:\[|\.get\()`,
);

/** How to read the arguments as the object they are, by the form found. */
const FIX: Readonly<Record<string, string>> = {
  'JSON.parse': 'input.toolArgs.command',
  'json.loads': 'data["toolArgs"]["command"]',
  fromjson: '.toolArgs.command',
};

/**
 * A hook that parses `toolArgs` as a JSON string, as GitHub's Copilot CLI docs show it: the binary
 * passes an object (test/agents/copilot/events.test.ts, "toolArgs is an object"), so
 * `JSON.parse(input.toolArgs)`, `json.loads(data["toolArgs"])` and jq's `.toolArgs | fromjson` all
 * fail. Read in the `bash` command and in the script it runs.
 */
export const toolArgsParsed = createRule({
  id: 'tool-args-parsed',
  severity: 'error',
  description: 'a Copilot hook that parses toolArgs as a JSON string, which Copilot CLI passes as an object, so the parse fails',
  atLoad: false,
  messages: {
    // {{form}} the parse as written; {{where}} empty or " (in <script> line N)"; {{effect}} what the failure does on the event.
    parsed:
      '{{form}}{{where}} parses toolArgs as a JSON string, but Copilot CLI passes it as an object (its docs show a string), ' +
      'so the parse fails: {{effect}}; read the object as it is ({{fix}})',
  },
  check({ spec, checked, projectDir, showPath, report }) {
    for (const handler of checked.declarations.handlers) {
      const event = handler.group.event.name;
      // The Claude-named events carry `tool_input`, no toolArgs: only the camelCase ones are judged.
      if (handler.group.event.spec === null || !/^[a-z]/.test(event)) continue;
      const anyFailure = spec.lint?.projectAnchor?.anyFailure?.[event];
      const effect =
        anyFailure === undefined
          ? 'the hook errors, or where the error is caught works on no arguments'
          : `uncaught, the hook errors and on ${event} any failure ${anyFailure}; ` +
            'caught, the guard sees no arguments and lets the call through';
      for (const code of hookCode(spec, checked.file, handler.node, projectDir)) {
        if (COPES.test(code.text)) continue;
        const found = firstParse(code.text);
        if (found === null) continue;
        const data = { form: found.form, where: whereIn(code, found.index, showPath), effect, fix: FIX[found.kind]! };
        report({ messageId: 'parsed', data, pos: code.pos });
        break;
      }
    }
  },
});

/** The first parse of toolArgs in the text: a parse call whose argument names it, or jq's fromjson on it. */
function firstParse(text: string): { form: string; kind: string; index: number } | null {
  const found: { form: string; kind: string; index: number }[] = [];
  for (const match of text.matchAll(PARSE_CALL)) {
    const start = match.index + match[0].length;
    const argument = argumentAt(text, start);
    if (argument !== null && /\btoolArgs\b/.test(argument))
      found.push({ form: shown(`${match[1]}(${argument})`), kind: match[1]!, index: match.index });
  }
  for (const match of text.matchAll(JQ_FROMJSON)) found.push({ form: shown(match[0]), kind: 'fromjson', index: match.index });
  return found.sort((a, b) => a.index - b.index)[0] ?? null;
}

/** The text from `start` up to the `)` that closes the call opened before it, or null when it does not close on that line. */
function argumentAt(text: string, start: number): string | null {
  let depth = 1;
  for (let i = start; i < text.length && text[i] !== '\n'; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i);
  }
  return null;
}

function shown(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 57)}…` : flat);
}
