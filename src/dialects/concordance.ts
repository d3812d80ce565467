import { isPlainObject } from '../util/is-plain-object.js';
import { guardTools } from '../kit/index.js';
import { concordanceRows, loadDialect, type DialectId } from './registry.js';

/** A row a case can be translated through: its events, the tools with a guard's input field, and those fields. */
interface CaseRow {
  events: Readonly<Record<string, string>>;
  tools: Readonly<Record<string, string>>;
  inputs: Readonly<Record<string, string>>;
}

/**
 * The dialects of the cross-agent concordance whose payloads a case can be translated between
 * (their rows give `inputs`): canonical event and tool → each agent's name.
 */
export function concordanceTable(): ReadonlyMap<DialectId, CaseRow> {
  const rows = new Map<DialectId, CaseRow>();
  for (const { dialect, row } of concordanceRows()) {
    if (dialect === null || row.inputs === undefined) continue;
    rows.set(dialect as DialectId, { events: row.events, tools: guardTools(row), inputs: row.inputs as Record<string, string> });
  }
  return rows;
}

/** The canonical name `name` stands for in `names` (a row's events or tools), else undefined. */
function canonicalOf(names: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.keys(names).find((canonical) => names[canonical] === name);
}

/**
 * A case's event and payload, written for `from`'s agent, as `to`'s agent would send them: the event
 * and `tool_name` through the table, the payload built on `to`'s fixture (so it has every field that
 * agent sends: Codex's `turn_id` and `model`), with the case's values copied into the fields both
 * agents share (same name, same JSON type), and the tool's command or path carried over by the table's
 * `inputs`. An error message when the table has no counterpart.
 */
export async function translateCase(
  from: DialectId,
  to: DialectId,
  event: string,
  payload: unknown,
  context: { cwd: string },
): Promise<{ event: string; payload: unknown } | { error: string }> {
  const table = concordanceTable();
  const source = table.get(from);
  const target = table.get(to);
  const inTable = [...table.keys()].join(', ');
  if (source === undefined || target === undefined) {
    return { error: `${source === undefined ? from : to} has no row in the cross-agent table (rows: ${inTable})` };
  }
  const canonicalEvent = canonicalOf(source.events, event);
  const targetEvent = canonicalEvent === undefined ? undefined : target.events[canonicalEvent];
  if (targetEvent === undefined) {
    const shared = Object.keys(source.events).filter((canonical) => target.events[canonical] !== undefined);
    return {
      error: `${to} has no counterpart of ${from}'s ${event} (events both have: ${shared.map((c) => source.events[c]).join(', ')})`,
    };
  }
  if (!isPlainObject(payload)) return { error: 'the payload is not a JSON object' };
  const dialect = await loadDialect(to);
  const built = structuredClone(dialect.fixture(targetEvent, context));
  let tool: { canonical: string; name: string } | undefined;
  if (typeof payload.tool_name === 'string' && Object.hasOwn(built, 'tool_name')) {
    const canonical = canonicalOf(source.tools, payload.tool_name);
    const name = canonical === undefined ? undefined : target.tools[canonical];
    if (canonical === undefined || name === undefined) {
      const shared = Object.keys(source.tools)
        .filter((c) => target.tools[c] !== undefined)
        .map((c) => source.tools[c]);
      return { error: `${to} has no counterpart of ${from}'s tool ${payload.tool_name} (tools both have: ${shared.join(', ') || 'none'})` };
    }
    tool = { canonical, name };
    built.tool_name = name;
    const sample = dialect.toolSamples?.sample(name, context);
    built.tool_input = sample === undefined ? {} : structuredClone(sample.input);
    const responseField = dialect.toolSamples?.responseField;
    if (sample !== undefined && responseField !== undefined && Object.hasOwn(built, responseField)) {
      built[responseField] = structuredClone(sample.response);
    }
  }
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'hook_event_name' || key === 'tool_name' || key === 'tool_input') continue;
    if (Object.hasOwn(built, key) && sameType(built[key], value)) built[key] = value;
  }
  if (tool !== undefined && isPlainObject(payload.tool_input) && isPlainObject(built.tool_input)) {
    const input = built.tool_input;
    for (const [key, value] of Object.entries(payload.tool_input))
      if (Object.hasOwn(input, key) && sameType(input[key], value)) input[key] = value;
    const sourceField = source.inputs[tool.canonical];
    const targetField = target.inputs[tool.canonical];
    if (sourceField !== undefined && targetField !== undefined && payload.tool_input[sourceField] !== undefined) {
      input[targetField] = payload.tool_input[sourceField];
    }
  }
  return { event: targetEvent, payload: built };
}

function sameType(a: unknown, b: unknown): boolean {
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  return kind(a) === kind(b);
}
