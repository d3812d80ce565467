import type { DialectConfigSpec } from './config-spec.js';
import { scalarField } from './field-value.js';
import type { SourceObject } from './source-tree.js';

/** A handler of a type the dialect parses but does not run (openinterpreter `prompt`, `agent`, `mcp_tool`). */
export function isUnsupportedHandler(spec: DialectConfigSpec, handler: SourceObject): boolean {
  const type = scalarField(handler, 'type', 'string');
  return type !== undefined && (spec.handlerTypes?.unsupported.includes(type) ?? false);
}
