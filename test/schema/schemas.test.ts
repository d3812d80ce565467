import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStrictAjv } from '../../src/codegen/strict-ajv.js';
import { eventFileStem } from '../../src/contracts/schema-files.js';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/events.js';
import { CLAUDE_TOOL_INPUTS } from '../../src/dialects/claude/tool-inputs.js';
import { GEMINI_EVENTS } from '../../src/dialects/gemini/events.js';
import { OCTO_EVENTS } from '../../src/dialects/octo/events.js';
import { OPENINTERPRETER_EVENTS } from '../../src/dialects/openinterpreter/events.js';

type Schema = Record<string, unknown>;
const ROOT = join(import.meta.dirname, '../../schema');
const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (file: string): Schema => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Schema;

/**
 * Every subschema with the JSON pointer that reaches it. `if`/`then` only restate constraints on
 * properties declared (and described) beside them, so they are not walked.
 */
function subschemas(schema: unknown, pointer = ''): { pointer: string; schema: Schema }[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const node = schema as Schema;
  const found = [{ pointer, schema: node }];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === 'definitions') {
      for (const [name, sub] of Object.entries(value as Schema)) found.push(...subschemas(sub, `${pointer}/${key}/${name}`));
    } else if (key === 'oneOf' || key === 'anyOf') {
      for (const [i, sub] of (value as unknown[]).entries()) found.push(...subschemas(sub, `${pointer}/${key}/${i}`));
    } else if (key === 'items') {
      found.push(...subschemas(value, `${pointer}/${key}`));
    }
  }
  return found;
}

describe('published schemas', () => {
  it('finds every schema file', () => {
    // openinterpreter 20 + 1, octo 11 + 1, claude an input and an output per event + 1 + a tool input per built-in
    // tool, codex 25 + 1 (14 inputs, 11 outputs), gemini an input and an output per event + 1, copilot 27 inputs + 19 outputs + 1.
    const claudeTools = Object.keys(CLAUDE_TOOL_INPUTS).length;
    expect(files.length).toBe(20 + 11 + 2 + 2 * CLAUDE_EVENTS.length + 1 + claudeTools + 25 + 1 + 2 * GEMINI_EVENTS.length + 1 + 47);
  });

  it.each(files)('%s compiles in ajv strict mode and names itself', (file) => {
    const schema = load(file);
    expect(() => createStrictAjv().compile(schema)).not.toThrow();
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$id).toBe(`https://unpkg.com/hookctl/schema/${file}`);
    expect(schema.title).toMatch(/^[A-Z][A-Za-z]+$/);
    expect(schema.description).toEqual(expect.any(String));
  });

  it.each(files)('%s describes every property', (file) => {
    const undescribed = subschemas(load(file))
      .filter(({ pointer }) => /\/(properties|definitions)\/[^/]+$/.test(pointer))
      .filter(({ schema }) => typeof schema.description !== 'string' && schema.$ref === undefined)
      .map(({ pointer }) => pointer);
    expect(undescribed).toEqual([]);
  });

  // `additionalProperties: true` marks a value the hook passes through whole (a replacement tool input, form values).
  // A `oneOf` of tagged variants (claude's permission updates) is closed by its variants, each checked here too.
  it.each(files.filter((f) => f.endsWith('.output.json')))('%s is closed at every level', (file) => {
    const open = subschemas(load(file))
      .filter(({ schema }) => schema.type === 'object' && schema.additionalProperties !== false && schema.additionalProperties !== true)
      .filter(({ schema }) => !Array.isArray(schema.oneOf))
      .map(({ pointer }) => pointer || '/');
    expect(open).toEqual([]);
  });

  it.each(['openinterpreter/config.json', 'octo/config.json'])('%s describes every enum value', (file) => {
    const choices = subschemas(load(file)).filter(({ schema }) => Array.isArray(schema.oneOf));
    for (const { schema } of choices) {
      for (const option of schema.oneOf as Schema[]) {
        expect(option).toEqual({ const: expect.anything(), description: expect.any(String) });
      }
    }
    expect(subschemas(load(file)).filter(({ schema }) => 'enum' in schema)).toEqual([]);
  });
});

describe.each([
  {
    dialect: 'openinterpreter',
    events: OPENINTERPRETER_EVENTS,
    outputs: OPENINTERPRETER_EVENTS.map((e) => e.name),
    eventField: 'hook_event_name',
    common: ['session_id', 'cwd', 'transcript_path', 'model', 'turn_id', 'permission_mode'],
  },
  {
    dialect: 'octo',
    events: OCTO_EVENTS,
    outputs: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse'],
    eventField: 'event',
    common: ['session_id', 'cwd', 'transcript_path', 'model', 'transport'],
  },
])('$dialect event schemas', ({ dialect, events, outputs, eventField, common }) => {
  const inputs = events.map((e) => ({ name: e.name, schema: load(`${dialect}/events/${eventFileStem(e.name)}.input.json`) }));

  it('has exactly one input schema per catalogue event and output schemas where stdout has structure', () => {
    const present = files.filter((f) => f.startsWith(`${dialect}/events/`)).map((f) => relative(`${dialect}/events`, f));
    const expected = [
      ...events.map((e) => `${eventFileStem(e.name)}.input.json`),
      ...outputs.map((name) => `${eventFileStem(name)}.output.json`),
    ];
    expect(present.sort()).toEqual(expected.sort());
  });

  it('titles types after the event and pins the event name', () => {
    for (const { name, schema } of inputs) {
      expect(schema.title).toBe(`${name}Input`);
      expect((schema.properties as Record<string, Schema>)[eventField]).toMatchObject({ const: name });
      expect(schema.required).toContain(eventField);
    }
    for (const name of outputs) expect(load(`${dialect}/events/${eventFileStem(name)}.output.json`).title).toBe(`${name}Output`);
  });

  it('defines each common field identically wherever it appears', () => {
    for (const field of common) {
      const definitions = inputs.flatMap(({ schema }) => {
        const definition = (schema.properties as Record<string, Schema>)[field];
        return definition ? [JSON.stringify(definition)] : [];
      });
      expect(definitions.length).toBeGreaterThan(0);
      expect(new Set(definitions).size, field).toBe(1);
    }
  });
});

describe('config schema shape', () => {
  /** Every property path with its type, allowed values, items and required fields; changing the published shape changes this. */
  function shape(file: string): string[] {
    const described = subschemas(load(file)).filter(({ pointer }) => !/\/(items|oneOf\/\d+)$/.test(pointer));
    return described.map(({ pointer, schema }) => {
      const values = Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]).map((o) => JSON.stringify(o.const)).join('|') : undefined;
      const kind =
        values ?? (schema.const !== undefined ? `const ${JSON.stringify(schema.const)}` : String(schema.type ?? schema.$ref ?? 'any'));
      const items = schema.items ? ` of ${(schema.items as Schema).$ref as string}` : '';
      const required = Array.isArray(schema.required) ? ` required ${schema.required.join(',')}` : '';
      const closed = schema.additionalProperties === false ? ' closed' : '';
      return `${pointer || '/'} ${kind}${items}${required}${closed}`;
    });
  }

  it.each(['openinterpreter/config.json', 'octo/config.json'])('%s keeps its shape', (file) => {
    expect(shape(file)).toMatchSnapshot();
  });
});
