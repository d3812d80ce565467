import standaloneModule from 'ajv/dist/standalone/index.js';
import type { SchemaDocument } from './dialect-schemas.js';
import { generatedHeader, type Emitter } from './emitter.js';
import { createStrictAjv } from './strict-ajv.js';

const standaloneCode = standaloneModule.default;

/**
 * `generated/<dialect>/validators.js` (ajv standalone ESM: the runtime never compiles a schema) and
 * its hand-written typings `validators.d.ts`. Exports are maps keyed by event name, plus the config
 * validators keyed by type name (the config root and every titled definition).
 */
export const emitValidators: Emitter = {
  name: 'validators',
  async emit(schemas) {
    const ajv = createStrictAjv({ code: { source: true, esm: true } });
    const exports: Record<string, string> = {};
    for (const event of schemas.events) {
      ajv.addSchema(withoutDescriptions(event.input.schema));
      exports[validatorName(event.input.schema.title)] = event.input.schema.$id;
      if (event.output) {
        ajv.addSchema(withoutDescriptions(event.output.schema));
        exports[validatorName(event.output.schema.title)] = event.output.schema.$id;
      }
    }
    const configTypes = configTypeRefs(schemas.config.schema);
    ajv.addSchema(withoutDescriptions(schemas.config.schema));
    for (const { title, ref } of configTypes) exports[validatorName(title)] = ref;

    const header = generatedHeader('//', schemas);
    const outputs = schemas.events.flatMap((e) => (e.output ? [{ name: e.name, title: e.output.schema.title }] : []));
    const js = [
      header,
      standaloneCode(ajv, exports).trim(),
      objectExport(
        'inputValidators',
        schemas.events.map((e) => [e.name, validatorName(e.input.schema.title)]),
      ),
      objectExport(
        'outputValidators',
        outputs.map((o) => [o.name, validatorName(o.title)]),
      ),
      objectExport(
        'configValidators',
        configTypes.map(({ title }) => [title, validatorName(title)]),
      ),
      `export const validateConfig = ${validatorName(schemas.config.schema.title)};`,
    ].join('\n\n');
    const configTypeNames = configTypes.map((t) => t.title).join(', ');
    const configValidatorLines = configTypes.map(({ title }) => `  readonly ${title}: Validator<${title}>;`).join('\n');
    const dts = [
      header,
      "import type { ErrorObject } from 'ajv';",
      `import type { EventName, HookInputMap, HookOutputMap, OutputEventName, ${configTypeNames} } from './types.js';`,
      [
        '/** A precompiled validator: a type guard that leaves the reasons for a failure on `errors`. */',
        'export interface Validator<T> {',
        '  (data: unknown): data is T;',
        '  errors?: ErrorObject[] | null;',
        '}',
      ].join('\n'),
      'export declare const inputValidators: { readonly [E in EventName]: Validator<HookInputMap[E]> };',
      'export declare const outputValidators: { readonly [E in OutputEventName]: Validator<HookOutputMap[E]> };',
      `export declare const configValidators: {\n${configValidatorLines}\n};`,
      `/** Validates a whole config file (${schemas.config.path}). */\n` +
        `export declare const validateConfig: Validator<${schemas.config.schema.title}>;`,
    ].join('\n\n');
    return [
      { path: `generated/${schemas.dialect}/validators.js`, content: `${js}\n` },
      { path: `generated/${schemas.dialect}/validators.d.ts`, content: `${dts}\n` },
    ];
  },
};

/**
 * The schema without `description` annotations. ajv embeds schema objects in standalone code (for
 * error parameters), and validation never reads descriptions, so this roughly halves the runtime
 * module. Keys of `properties`/`definitions` are names, not annotations, and are kept.
 */
function withoutDescriptions(schema: SchemaDocument): SchemaDocument {
  return strip(schema) as SchemaDocument;
}

const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
const LITERAL_VALUES = new Set(['const', 'enum', 'default', 'examples']);

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).flatMap(([key, value]): [string, unknown][] => {
    if (key === 'description') return [];
    if (LITERAL_VALUES.has(key)) return [[key, value]];
    if (NAME_MAPS.has(key) && value !== null && typeof value === 'object') {
      return [[key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strip(sub)]))]];
    }
    return [[key, strip(value)]];
  });
  return Object.fromEntries(entries);
}

function validatorName(title: string): string {
  return `validate${title}`;
}

/** The config root plus every titled definition, each addressable on its own (e.g. a TOML `[hooks]` table). */
function configTypeRefs(config: SchemaDocument): { title: string; ref: string }[] {
  const definitions = (config.definitions ?? {}) as Record<string, { title?: unknown }>;
  return [
    { title: config.title, ref: config.$id },
    ...Object.entries(definitions).flatMap(([key, definition]) =>
      typeof definition.title === 'string' ? [{ title: definition.title, ref: `${config.$id}#/definitions/${key}` }] : [],
    ),
  ];
}

function objectExport(name: string, entries: [string, string][]): string {
  return `export const ${name} = {\n${entries.map(([key, value]) => `  ${key}: ${value},`).join('\n')}\n};`;
}
