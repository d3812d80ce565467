import { readEventSchema } from '../contracts/schema-files.js';

/** One top-level field of an event's input payload, as its schema describes it. */
export interface EventField {
  name: string;
  required: boolean;
  description: string;
  /** True when the value is a string (or a string enum / const), so `jq -r` prints it as is. */
  isString: boolean;
}

interface PropertySchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
}

/** The input payload's fields, in schema order, from the shipped `schema/<dialect>/events/` file. */
export function eventFields(dialect: string, event: string): EventField[] {
  const schema = JSON.parse(readEventSchema(dialect, event, 'input')) as {
    required?: string[];
    properties?: Record<string, PropertySchema>;
  };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    required: required.has(name),
    description: property.description ?? '',
    isString:
      property.type === 'string' ||
      typeof property.const === 'string' ||
      (Array.isArray(property.enum) && property.enum.every((v) => typeof v === 'string')),
  }));
}
