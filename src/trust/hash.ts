import { sha256Hex } from '../util/sha256.js';

/** `PreToolUse` → `pre_tool_use`. */
export function snakeCaseEvent(event: string): string {
  return event.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}

/** JSON with object keys sorted recursively and no whitespace: the form the identity hash is taken of. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `sha256:<lowercase hex>` of some bytes or text. */
export function sha256(content: string | Uint8Array): string {
  return `sha256:${sha256Hex(content)}`;
}
