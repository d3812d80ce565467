import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { isPlainObject } from '../util/is-plain-object.js';
import type { DialectSchemas, SchemaDocument } from './dialect-schemas.js';
import { generatedHeader, type Emitter } from './emitter.js';

/** `generated/<dialect>/types.ts`: one named type per schema (its title) plus event-keyed maps. */
export const emitTypes: Emitter = {
  name: 'types',
  async emit(schemas) {
    const declarations: string[] = [];
    const files = [
      ...schemas.events.flatMap((e) => (e.output ? [e.input, e.output] : [e.input])),
      schemas.config,
      ...(schemas.tools ?? []),
    ];
    for (const { schema } of files) declarations.push(await toTypeScript(schema));
    const content = [generatedHeader('//', schemas), eventNameDeclarations(schemas), ...declarations, mapDeclarations(schemas)].join(
      '\n\n',
    );
    return [{ path: `generated/${schemas.dialect}/types.ts`, content: `${content.trimEnd()}\n` }];
  },
};

/** The TypeScript declarations of one titled schema: its type (named by the title) and the types it nests. */
export function toTypeScript(schema: SchemaDocument): Promise<string> {
  return compile(typeAnyJson(schema) as JSONSchema, schema.title, {
    bannerComment: '',
    // Objects without an explicit `additionalProperties` (event inputs) accept unknown fields at
    // runtime, but their types stay exact so a misspelled field in a hook author's code is caught.
    additionalProperties: false,
    strictIndexSignatures: true,
    style: { singleQuote: true, printWidth: 120 },
  }).then((code) => code.trim());
}

/**
 * Prepares an in-memory copy of a schema for json-schema-to-typescript, which would otherwise type
 * two kinds of subschema as something they are not:
 * - "any JSON" (only annotations, no constraint, such as `tool_input` or `items: {}`) becomes
 *   `unknown`, not an object;
 * - a free-form object (`type: "object"` with no `properties` or `additionalProperties`) keeps its
 *   index signature, instead of the exact-object default above turning it into `{}`.
 * Line breaks in descriptions become `\n`: a lone `\r` would break the doc comment's ` * ` prefix.
 * Only schema positions are visited, never `const`, `enum` or `default` data. The published schema
 * stays plain JSON Schema: `tsType` exists only in this copy.
 */
function typeAnyJson(schema: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...schema };
  for (const key of SUBSCHEMA) if (key in copy) copy[key] = subschema(copy[key]);
  for (const key of SUBSCHEMA_LISTS) {
    const list = copy[key];
    if (Array.isArray(list)) copy[key] = list.map(subschema);
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = copy[key];
    if (isPlainObject(map)) copy[key] = mapValues(map, subschema);
  }
  if (typeof copy.description === 'string') copy.description = copy.description.replace(/\r\n?/g, '\n');
  const open = openEnum(copy);
  if (open !== null) return { ...copy, tsType: open };
  const object = copy.type === 'object' || (Array.isArray(copy.type) && copy.type.includes('object'));
  const freeForm = object && !('properties' in copy || 'additionalProperties' in copy || 'patternProperties' in copy);
  return freeForm ? { ...copy, additionalProperties: true } : copy;
}

/**
 * An open enum, `anyOf: [{enum: [strings]}, {type: "string"}]` (claude `permission_mode`: the values
 * the agent sends today, and any string a newer one may send): typed `'a' | 'b' | (string & {})`,
 * which accepts any string yet keeps the listed values for editor completion. Null otherwise.
 */
function openEnum(node: Record<string, unknown>): string | null {
  const list = node.anyOf;
  if (!Array.isArray(list) || list.length !== 2) return null;
  const [known, rest] = list as unknown[];
  if (!isPlainObject(known) || !isPlainObject(rest) || !Array.isArray(known.enum) || rest.type !== 'string') return null;
  if (!known.enum.every((value) => typeof value === 'string')) return null;
  if (Object.keys(rest).some((key) => key !== 'type' && !ANNOTATIONS.has(key))) return null;
  return [...known.enum.map((value) => `'${String(value).replace(/['\\]/g, '\\$&')}'`), '(string & {})'].join(' | ');
}

const SUBSCHEMA = ['items', 'additionalItems', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'];
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

function subschema(node: unknown): unknown {
  if (!isPlainObject(node)) return node; // `true`/`false` schemas and `items: [...]` tuples pass through
  const copy = typeAnyJson(node);
  return Object.keys(node).every((key) => ANNOTATIONS.has(key)) ? { ...copy, tsType: 'unknown' } : copy;
}

function mapValues(record: Record<string, unknown>, transform: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, transform(value)]));
}

function eventNameDeclarations(schemas: DialectSchemas): string {
  const list = (names: string[]) => `[${names.map((n) => `'${n}'`).join(', ')}] as const`;
  return [
    `/** Every ${schemas.dialect} event, in documentation order. */`,
    `export const EVENT_NAMES = ${list(schemas.events.map((e) => e.name))};`,
    'export type EventName = (typeof EVENT_NAMES)[number];',
    '',
    '/** The events whose hooks can answer with structured (JSON) stdout. */',
    `export const OUTPUT_EVENT_NAMES = ${list(schemas.events.filter((e) => e.output).map((e) => e.name))};`,
    'export type OutputEventName = (typeof OUTPUT_EVENT_NAMES)[number];',
  ].join('\n');
}

function mapDeclarations(schemas: DialectSchemas): string {
  const entries = (pick: (e: DialectSchemas['events'][number]) => string | undefined) =>
    schemas.events.flatMap((e) => {
      const type = pick(e);
      return type ? [`  ${e.name}: ${type};`] : [];
    });
  return [
    '/** Event name → the payload its hooks receive on stdin. */',
    'export interface HookInputMap {',
    ...entries((e) => e.input.schema.title),
    '}',
    '',
    '/** Event name → the JSON its hooks may print on stdout. */',
    'export interface HookOutputMap {',
    ...entries((e) => e.output?.schema.title),
    '}',
    '',
    "/** The input payload type of event `E`, e.g. `InputOf<'PreToolUse'>`. */",
    'export type InputOf<E extends EventName> = HookInputMap[E];',
    '',
    '/** The stdout JSON type of event `E`; `never` for events without structured output. */',
    'export type OutputOf<E extends EventName> = E extends OutputEventName ? HookOutputMap[E] : never;',
  ].join('\n');
}
