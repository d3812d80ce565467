import { joinPointer } from './json-pointer.js';

/**
 * JSON for values hookctl does not control: payloads from the agent (their `tool_input` is
 * whatever the model wrote), hook outputs, outcomes built from them. V8's JSON.parse is iterative,
 * but JSON.stringify recurses and throws "Maximum call stack size exceeded" somewhere between
 * 3,000 and 5,000 levels (less when the stack is already deep), so one 5,000-level `tool_input`
 * would take down every dispatch. Nothing here overflows the stack at any depth (SPEC 6.1.4).
 */

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string };

/** JSON.parse that reports instead of throwing. */
export function parseJsonText(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** A value JSON can not represent: a cycle or a BigInt, at `path` (a JSON pointer). */
export class NotJsonError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path || '/'}: ${problem}`);
    this.name = 'NotJsonError';
  }
}

/**
 * JSON.stringify(value, null, indent), the same text at any depth: the native serializer first
 * (fast), and where it gives up — too deep, or a cycle or BigInt it reports without a path — the
 * iterative one below, which either succeeds or throws NotJsonError naming where the problem is.
 */
export function stringifyJson(value: unknown, indent = 0): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch {
    return stringifyIteratively(value, indent);
  }
}

interface Frame {
  container: object;
  /** Own enumerable keys of an object, or null for an array. */
  keys: string[] | null;
  length: number;
  index: number;
  depth: number;
  wroteItem: boolean;
}

/**
 * The JSON.stringify algorithm (toJSON, boxed primitives, skipped undefined/function/symbol
 * properties, null for them in arrays, non-finite numbers as null) with an explicit stack.
 * Exported for the equivalence test; use stringifyJson.
 */
export function stringifyIteratively(root: unknown, indent = 0): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const ancestors = new Set<object>();
  const gap = ' '.repeat(indent);
  const newline = (depth: number) => (indent > 0 ? `\n${gap.repeat(depth)}` : '');

  // The pointer to the value being written, built only when there is a problem to report.
  const here = () => stack.reduce((path, frame) => joinPointer(path, keyAt(frame, frame.index - 1)), '');
  const open = (container: object, depth: number) => {
    if (ancestors.has(container)) throw new NotJsonError(here(), 'a circular reference (the value contains itself)');
    ancestors.add(container);
    const keys = Array.isArray(container) ? null : Object.keys(container);
    const length = keys === null ? (container as unknown[]).length : keys.length;
    stack.push({ container, keys, length, index: 0, depth, wroteItem: false });
    out.push(keys === null ? '[' : '{');
  };

  const first = prepare('', root, here);
  if (!isContainer(first)) return primitive(first, here) ?? (undefined as unknown as string);
  open(first, 0);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.length) {
      stack.pop();
      ancestors.delete(frame.container);
      out.push(`${frame.wroteItem ? newline(frame.depth) : ''}${frame.keys === null ? ']' : '}'}`);
      continue;
    }
    const key = keyAt(frame, frame.index++);
    const value = prepare(key, (frame.container as Record<string, unknown>)[key], here);
    const text = isContainer(value) ? null : primitive(value, here);
    // In an object, a property whose value JSON can not hold is left out, key and all.
    if (frame.keys !== null && !isContainer(value) && text === null) continue;
    out.push(`${frame.wroteItem ? ',' : ''}${newline(frame.depth + 1)}`);
    if (frame.keys !== null) out.push(`${JSON.stringify(key)}:${indent > 0 ? ' ' : ''}`);
    frame.wroteItem = true;
    if (isContainer(value)) open(value, frame.depth + 1);
    else out.push(text ?? 'null');
  }
  return out.join('');
}

function keyAt(frame: Frame, index: number): string {
  return frame.keys === null ? String(index) : frame.keys[index]!;
}

/** Applies toJSON and unboxes Number, String and Boolean objects, as JSON.stringify does. */
function prepare(key: string, value: unknown, path: () => string): unknown {
  let current = value;
  if (current !== null && (typeof current === 'object' || typeof current === 'bigint')) {
    const toJSON = (current as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') current = (toJSON as (key: string) => unknown).call(current, key);
  }
  if (current instanceof Number) return Number(current);
  if (current instanceof String) return String(current);
  if (current instanceof Boolean) return current.valueOf();
  if (typeof current === 'bigint') throw new NotJsonError(path(), 'a BigInt, which JSON can not represent');
  return current;
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** The JSON text of a primitive, or null for undefined, a function or a symbol. */
function primitive(value: unknown, path: () => string): string | null {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return null;
  if (typeof value === 'bigint') throw new NotJsonError(path(), 'a BigInt, which JSON can not represent');
  return JSON.stringify(value);
}

/** Nesting depth of a JSON value (0 for a primitive), counted without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}
