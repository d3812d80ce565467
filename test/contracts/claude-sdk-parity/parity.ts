// Lists every difference between the Claude Agent SDK's hook and tool types and hookctl's generated
// claude types (generated/claude/types.ts, from schema/claude/): events, each event's input and
// output, and each built-in tool's input.
import { CLAUDE_TOOL_INPUTS } from '../../../src/dialects/claude/tool-inputs.js';
import { compareShapes } from './compare.js';
import type { Shape } from './shapes.js';
import type { TypeReader } from './shapes.js';

export function listDifferences(reader: TypeReader): string[] {
  const sdkEvents = literalStrings(need(reader, 'sdk', 'HookEvent'));
  const ourEvents = literalStrings(need(reader, 'ours', 'EventName'));
  const out: string[] = [];
  for (const event of sdkEvents) if (!ourEvents.includes(event)) out.push(`${event}: event missing in hookctl`);
  for (const event of ourEvents) if (!sdkEvents.includes(event)) out.push(`${event}: event not in the SDK`);
  for (const event of sdkEvents.filter((e) => ourEvents.includes(e))) {
    out.push(...compareShapes(`${event}.input`, need(reader, 'sdk', `${event}HookInput`), need(reader, 'ours', `${event}Input`)));
    const ours = reader.read('ours', `${event}Output`);
    if (ours === null) out.push(`${event}.output: no output type in hookctl`);
    else out.push(...compareShapes(`${event}.output`, sdkOutput(reader, event), ours));
  }
  out.push(...compareTools(reader));
  return out;
}

/**
 * The SDK's output for one event: `SyncHookJSONOutput` with `hookSpecificOutput` narrowed to the
 * event's own (absent when the SDK has none for it), plus `AsyncHookJSONOutput`'s fields as optional
 * ones: hookctl keeps one object per event, where `{"async": true}` is one more optional key.
 */
function sdkOutput(reader: TypeReader, event: string): Shape {
  const sync = need(reader, 'sdk', 'SyncHookJSONOutput');
  const async = need(reader, 'sdk', 'AsyncHookJSONOutput');
  if (sync.kind !== 'object' || async.kind !== 'object') throw new Error('the SDK hook outputs are no longer object types');
  const { hookSpecificOutput: _, ...fields } = sync.fields;
  const specific = reader.read('sdk', `${event}HookSpecificOutput`);
  if (specific !== null) fields.hookSpecificOutput = { optional: true, shape: specific };
  for (const [key, field] of Object.entries(async.fields)) fields[key] = { ...field, optional: true };
  return { kind: 'object', fields, index: sync.index };
}

/**
 * SDK tool inputs that are no built-in tool's: no name in the SDK's `BUILTIN_TOOL_NAMES` matches them, so no
 * `tool_name` a hook sees selects them. Each is listed in docs/claude.md.
 */
const SDK_INPUTS_WITHOUT_A_TOOL: Readonly<Record<string, string>> = {
  McpInput: 'the input of any MCP tool (`mcp__<server>__<tool>`): an open object the server defines',
  RefreshMcpToolsInput: 'no tool of BUILTIN_TOOL_NAMES takes it',
  ProposeGoalInput: 'no tool of BUILTIN_TOOL_NAMES takes it',
};

/** Each built-in tool's input: the SDK's interface (sdk-tools.d.ts) against hookctl's schema type. */
function compareTools(reader: TypeReader): string[] {
  const out: string[] = [];
  const covered = new Set<string>([...Object.values(CLAUDE_TOOL_INPUTS).map((t) => t.sdkType), ...Object.keys(SDK_INPUTS_WITHOUT_A_TOOL)]);
  for (const name of reader.exports('tools')) {
    if (name.endsWith('Input') && !covered.has(name)) out.push(`tools: ${name}: an SDK tool input with no hookctl schema`);
  }
  for (const [tool, entry] of Object.entries(CLAUDE_TOOL_INPUTS)) {
    const sdk = reader.read('tools', entry.sdkType);
    const ours = reader.read('ours', entry.type);
    if (sdk === null) out.push(`tools.${tool}: the SDK no longer exports ${entry.sdkType}`);
    else if (ours === null) out.push(`tools.${tool}: hookctl has no type ${entry.type}`);
    else out.push(...compareShapes(`tools.${tool}`, sdk, ours));
  }
  return out;
}

function need(reader: TypeReader, ns: string, name: string): Shape {
  const shape = reader.read(ns, name);
  if (shape === null) throw new Error(`${ns} does not export ${name}`);
  return shape;
}

function literalStrings(shape: Shape): string[] {
  if (shape.kind === 'literal' && typeof shape.value === 'string') return [shape.value];
  return shape.kind === 'union' ? shape.members.flatMap(literalStrings) : [];
}
