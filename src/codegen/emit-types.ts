import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { isPlainObject } from '../util/is-plain-object.js';
import type { DialectSchemas, SchemaDocument } from './dialect-schemas.js';
import { generatedHeader, type Emitter } from './emitter.js';

/** `generated/<dialect>/types.ts`: one named type per schema (its title) plus event-keyed maps. */
export const emitTypes: Emitter = {
  name: 'types',
  async emit(schemas) {
    const declarations: string[] = [];
    for (const { schema } of [...schemas.events.flatMap((e) => (e.output ? [e.input, e.output] : [e.input])), schemas.config]) {
      declarations.push(await toTypeScript(schema));
    }
    const content = [
      generatedHeader('//', schemas),
      eventNameDeclarations(schemas),
      ...declarations,
      mapDeclarations(schemas),
    ].join('\n\n');
    return [{ path: `generated/${schemas.dialect}/types.ts`, content: `${content.trimEnd()}\n` }];
  },
};

function toTypeScript(schema: SchemaDocument): Promise<string> {
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
 * Marks "any JSON" subschemas (only annotations, no constraint, such as `tool_input`) as `unknown`;
 * left alone, json-schema-to-typescript would type them as objects. The published schema stays
 * plain JSON Schema: `tsType` exists only in this in-memory copy.
 */
function typeAnyJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typeAnyJson);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, key === 'properties' ? mapValues(value, markUnconstrained) : typeAnyJson(value)]);
  return Object.fromEntries(entries);
}

function markUnconstrained(property: unknown): unknown {
  const annotations = new Set(['description', 'title', 'default', 'examples']);
  if (isPlainObject(property) && Object.keys(property).every((k) => annotations.has(k))) {
    return { ...property, tsType: 'unknown' };
  }
  return typeAnyJson(property);
}

function mapValues(record: unknown, transform: (value: unknown) => unknown): unknown {
  if (record === null || typeof record !== 'object') return record;
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
    '/** The input payload type of event `E`, e.g. `InputOf<\'PreToolUse\'>`. */',
    'export type InputOf<E extends EventName> = HookInputMap[E];',
    '',
    '/** The stdout JSON type of event `E`; `never` for events without structured output. */',
    'export type OutputOf<E extends EventName> = E extends OutputEventName ? HookOutputMap[E] : never;',
  ].join('\n');
}
