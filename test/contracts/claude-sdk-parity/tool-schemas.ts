// Writes a built-in tool's input schema (schema/claude/tools/<tool>.input.json) from the Claude Agent
// SDK's type of it, read with its doc comments (shapes.ts). The SDK's sdk-tools.d.ts is itself
// json-schema-to-typescript output, so the way back to JSON Schema loses nothing the types carry.
// Run by the parity test when HOOKCTL_WRITE_TOOL_SCHEMAS=1 (docs/claude.md § Bumping the agents).
import type { ToolInputEntry } from '../../../src/dialects/claude/tool-inputs.js';
import type { Field, Shape } from './shapes.js';

type JsonSchema = Record<string, unknown>;

export function toolInputSchema(tool: string, entry: ToolInputEntry, shape: Shape, sdkVersion: string): JsonSchema {
  if (shape.kind !== 'object') throw new Error(`${entry.sdkType} is not an object type`);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: entry.schemaId,
    title: entry.type,
    description:
      `The \`tool_input\` Claude Code sends for its built-in ${tool} tool (PreToolUse, PermissionRequest, PostToolUse, ` +
      `PostToolUseFailure and PermissionDenied payloads whose \`tool_name\` is \`${tool}\`), from the Claude Agent SDK's ` +
      `\`${entry.sdkType}\` (sdk-tools.d.ts, ${sdkVersion}). Unknown fields are allowed: tools gain parameters.`,
    ...objectSchema(shape),
  };
}

function objectSchema(shape: Extract<Shape, { kind: 'object' }>): JsonSchema {
  const entries = Object.entries(shape.fields);
  const required = entries.filter(([, field]) => !field.optional).map(([key]) => key);
  return {
    type: 'object',
    ...(required.length > 0 ? { required } : {}),
    properties: Object.fromEntries(entries.map(([key, field]) => [key, fieldSchema(key, field)])),
    ...(shape.index !== null ? { additionalProperties: valueSchema(shape.index) } : {}),
  };
}

function fieldSchema(key: string, field: Field): JsonSchema {
  const doc = field.doc?.trim();
  return { ...valueSchema(field.shape), description: doc ? doc : `The \`${key}\` parameter (the SDK does not describe it).` };
}

function valueSchema(shape: Shape): JsonSchema {
  switch (shape.kind) {
    case 'primitive':
      if (shape.name === 'string' || shape.name === 'number' || shape.name === 'boolean' || shape.name === 'null')
        return { type: shape.name };
      if (shape.name === 'unknown') return {};
      throw new Error(`no JSON Schema for the type ${shape.text ?? shape.name}`);
    case 'literal':
      return { const: shape.value };
    case 'array':
      return { type: 'array', items: { ...valueSchema(shape.item), description: 'One item.' } };
    case 'object':
      return objectSchema(shape);
    case 'union': {
      const literalValues = shape.members.flatMap((m) => (m.kind === 'literal' ? [m.value] : []));
      if (literalValues.length === shape.members.length) {
        return literalValues.every((v) => typeof v === 'string') ? { type: 'string', enum: literalValues } : { enum: literalValues };
      }
      return { anyOf: shape.members.map((m) => ({ ...valueSchema(m), description: 'One alternative.' })) };
    }
  }
}
