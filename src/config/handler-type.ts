import type { DialectConfigSpec } from './config-spec.js';
import { scalarField } from './field-value.js';
import type { SourceObject } from './source-tree.js';

/** A handler of a type the dialect parses but does not run (openinterpreter `prompt`, `agent`, `mcp_tool`). */
export function isUnsupportedHandler(spec: DialectConfigSpec, handler: SourceObject): boolean {
  const type = scalarField(handler, 'type', 'string');
  return type !== undefined && (spec.handlerTypes?.unsupported.includes(type) ?? false);
}

/**
 * The handler fields that apply to a handler of this type: every field the dialect has, minus those
 * that only other types have (HandlerTypes.fields).
 */
export function fieldsOfType(spec: DialectConfigSpec, type: string | undefined): string[] {
  const all = Object.keys(spec.handlerFields);
  const byType = spec.handlerTypes?.fields;
  if (byType === undefined) return all;
  const own = new Set(type !== undefined && Object.hasOwn(byType, type) ? byType[type] : []);
  const typed = new Set(Object.values(byType).flat());
  return all.filter((key) => !typed.has(key) || own.has(key));
}

/** The fields a handler of this type must set; `command` where the dialect does not say. */
export function requiredFields(spec: DialectConfigSpec, type: string | undefined): readonly string[] {
  const required = spec.handlerTypes?.required;
  if (required === undefined) return ['command'];
  return type !== undefined && Object.hasOwn(required, type) ? required[type]! : [];
}
