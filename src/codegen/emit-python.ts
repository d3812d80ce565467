import type { EventSchemas } from './dialect-schemas.js';
import { generatedHeader, type Emitter } from './emitter.js';

/**
 * `generated/<dialect>/hook_types.py`: TypedDict definitions of every event's input and output, for
 * Python hook scripts (standard library only).
 *
 * Compatibility: Python 3.8+. Optional fields are declared in a `total=False` part rather than with
 * `NotRequired` (3.11+), because the python3 a hook meets is often older (macOS ships 3.9). Parts
 * use the functional `TypedDict("Name", {...})` syntax because field names such as `continue` are
 * Python keywords. Each event's types sit between `# region <Event>` and `# endregion <Event>` and
 * need only the module's one import line, so `hookctl scaffold --lang py` inlines one region.
 */
export const emitPython: Emitter = {
  name: 'python',
  async emit(schemas) {
    const regions = schemas.events.map((event) => eventRegion(event));
    const preamble = [
      generatedHeader('#', schemas),
      `"""TypedDicts of ${schemas.dialect} hook payloads (stdin) and hook answers (stdout JSON); Python 3.8+."""`,
      PYTHON_IMPORTS,
    ].join('\n\n');
    const content = [preamble, ...regions].join('\n\n\n');
    return [{ path: `generated/${schemas.dialect}/hook_types.py`, content: `${content.trimEnd()}\n` }];
  },
};

/** The only import any region needs. */
const PYTHON_IMPORTS = 'from typing import Any, Dict, List, Literal, Optional, TypedDict, Union';

type Schema = Record<string, unknown>;

function eventRegion(event: EventSchemas): string {
  const files = event.output ? [event.input, event.output] : [event.input];
  return `# region ${event.name}\n${pythonTypedDicts(files.map((file) => file.schema))}\n# endregion ${event.name}`;
}

/**
 * The TypedDict definitions of titled object schemas, each named by its title, nested objects
 * before the objects that use them. Names are shared: two objects with one name are an error.
 */
export function pythonTypedDicts(schemas: readonly (Schema & { title: string })[]): string {
  const definitions: string[] = [];
  const names = new Set<string>();
  for (const schema of schemas) typedDict(schema, className(schema.title), definitions, names);
  return definitions.join('\n\n\n');
}

/** Emits the TypedDict for an object schema (nested objects first, so names exist when used). */
function typedDict(schema: Schema, name: string, out: string[], names: Set<string>): string {
  if (names.has(name)) throw new Error(`two object schemas are both named ${name}; give one a distinct title`);
  names.add(name);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const fields = Object.entries(properties).map(([key, property]) => ({
    key,
    type: pythonType(property, `${name}${pascal(key)}`, out, names),
    description: typeof property.description === 'string' ? property.description : null,
    required: required.has(key),
  }));
  const requiredFields = fields.filter((f) => f.required);
  const optionalFields = fields.filter((f) => !f.required);
  const description = typeof schema.description === 'string' ? schema.description : null;
  if (requiredFields.length === 0 || optionalFields.length === 0) {
    out.push(commentLines(description) + functionalTypedDict(name, fields, optionalFields.length > 0));
  } else {
    out.push(
      [
        functionalTypedDict(`_${name}Required`, requiredFields, false),
        functionalTypedDict(`_${name}Optional`, optionalFields, true),
        '',
        '',
        `class ${name}(_${name}Required, _${name}Optional):`,
        `    ${docstring(description ?? name)}`,
      ].join('\n'),
    );
  }
  return name;
}

interface Field {
  key: string;
  type: string;
  description: string | null;
}

function functionalTypedDict(name: string, fields: readonly Field[], optional: boolean): string {
  const body = fields.map((f) => `\n${commentLines(f.description, '    ')}    ${pyString(f.key)}: ${f.type},`);
  return `${name} = TypedDict(${pyString(name)}, {${body.join('')}${body.length > 0 ? '\n' : ''}}${optional ? ', total=False' : ''})`;
}

/** The Python type expression for a JSON Schema node; unsupported keywords fail loudly. */
function pythonType(schema: Schema, nestedName: string, out: string[], names: Set<string>): string {
  for (const keyword of ['$ref', 'allOf', 'not', 'if', 'patternProperties']) {
    if (keyword in schema) throw new Error(`emit-python: "${keyword}" is not supported (at ${nestedName})`);
  }
  if ('const' in schema) return `Literal[${pyLiteral(schema.const)}]`;
  if (Array.isArray(schema.enum)) return `Literal[${schema.enum.map(pyLiteral).join(', ')}]`;
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return union(alternatives.map((s, i) => pythonType(s, `${nestedName}${i === 0 ? '' : i + 1}`, out, names)));
  if (Array.isArray(schema.type)) {
    return union(schema.type.map((type: unknown) => pythonType({ ...schema, type }, nestedName, out, names)));
  }
  switch (schema.type) {
    case 'string':
      return 'str';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'null':
      return 'None';
    case 'array':
      return `List[${schema.items ? pythonType(schema.items as Schema, `${nestedName}Item`, out, names) : 'Any'}]`;
    case 'object':
      if (schema.properties) return typedDict(schema, typeof schema.title === 'string' ? className(schema.title) : nestedName, out, names);
      if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
        return `Dict[str, ${pythonType(schema.additionalProperties as Schema, `${nestedName}Value`, out, names)}]`;
      }
      return 'Dict[str, Any]';
    case undefined:
      // `properties` without a `type` is an object schema too (as in the TypeScript types);
      // only annotations is any JSON value (e.g. `tool_input`).
      return schema.properties ? pythonType({ ...schema, type: 'object' }, nestedName, out, names) : 'Any';
    default:
      return 'Any';
  }
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  const nonNull = unique.filter((t) => t !== 'None');
  if (nonNull.length === unique.length) return unique.length === 1 ? unique[0]! : `Union[${unique.join(', ')}]`;
  if (nonNull.length === 1) return `Optional[${nonNull[0]}]`;
  return `Union[${[...nonNull, 'None'].join(', ')}]`;
}

function pyLiteral(value: unknown): string {
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (value === null) return 'None';
  throw new Error(`emit-python: cannot express ${JSON.stringify(value)} as a Literal`);
}

/** A double-quoted Python string literal (JSON escapes are valid Python escapes). */
function pyString(value: string): string {
  return JSON.stringify(value);
}

/** Every quote is escaped: one that ends the text would otherwise close the docstring early. */
function docstring(text: string): string {
  return `"""${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"""`;
}

/** Python ends a line at `\r` too, so a description's `\r` would turn the rest of its line into code. */
function commentLines(text: string | null, indent = ''): string {
  return text === null
    ? ''
    : text
        .split(/\r\n?|\n/)
        .map((line) => `${indent}# ${line}\n`)
        .join('');
}

/**
 * The Python class name of a schema title: its ASCII letters and digits in PascalCase, from the
 * first letter on, as json-schema-to-typescript names the TypeScript type (`tool-call` → `ToolCall`).
 */
function className(title: string): string {
  const name = pascal(title.replace(/^[^A-Za-z]+/, ''));
  if (name === '' || ['None', 'True', 'False'].includes(name)) {
    throw new Error(`emit-python: the title ${JSON.stringify(title)} gives no usable Python class name; retitle the schema`);
  }
  return name;
}

/** PascalCase of a property key or title: words split at anything but an ASCII letter or digit. */
function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}
