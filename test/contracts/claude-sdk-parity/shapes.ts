// Reads TypeScript types through the TypeScript compiler's own checker (the pinned tsgo API) and
// reduces each one to a plain Shape: objects with their fields and optionality, unions, literals,
// primitives, arrays. The Claude Agent SDK's hook types and hookctl's generated types both go
// through this one reducer, so a difference between two Shapes is a difference a hook author would see.
import { fileURLToPath } from 'node:url';
import { API, type Checker, SymbolFlags, type Type, TypeFlags } from 'typescript/unstable/sync';

export type Shape =
  | { kind: 'primitive'; name: 'string' | 'number' | 'boolean' | 'null' | 'unknown' | 'never' | 'other'; text?: string }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'union'; members: Shape[] }
  | { kind: 'array'; item: Shape }
  | { kind: 'object'; fields: Record<string, Field>; index: Shape | null };

export interface Field {
  optional: boolean;
  shape: Shape;
  /** The field's doc comment, read only when the reader was opened with `docs` (one more compiler call per field). */
  doc?: string;
}

/** The probe project: one file exporting every type the parity test reads. */
export const PROBE_DIR = fileURLToPath(new URL('.', import.meta.url));
const PROBE_CONFIG = `${PROBE_DIR}tsconfig.json`;
const PROBE_FILE = `${PROBE_DIR}probe.ts`;

/** Depth cap: hook payloads nest a few levels; a deeper type is a recursive one, rendered as its name. */
const MAX_DEPTH = 8;

export interface TypeReader {
  /** The Shape of an export of the probe's namespace `ns` (`sdk`, `tools`, `ours`); null when not exported. */
  read(ns: string, name: string): Shape | null;
  /** Names exported by a namespace. */
  exports(ns: string): string[];
  close(): void;
}

/** Starts the compiler on the probe project. */
export function openTypeReader(options: { docs?: boolean } = {}): TypeReader {
  const api = new API({ cwd: PROBE_DIR });
  const project = api.updateSnapshot({ openProject: PROBE_CONFIG }).getProject(PROBE_CONFIG);
  if (project === undefined) throw new Error(`the TypeScript API did not open ${PROBE_CONFIG}`);
  const checker = project.checker;
  const file = project.program.getSourceFile(PROBE_FILE);
  if (file === undefined) throw new Error(`the TypeScript API did not load ${PROBE_FILE}`);
  const namespaces = new Map<string, Map<string, Type>>();

  function namespace(ns: string): Map<string, Type> {
    const cached = namespaces.get(ns);
    if (cached !== undefined) return cached;
    // `import type * as <ns> from '…'` in the probe: its alias symbol leads to the module's exports.
    const at = file!.text.indexOf(`* as ${ns} `);
    if (at < 0) throw new Error(`the probe has no namespace import ${ns}`);
    const alias = checker.getSymbolAtPosition(PROBE_FILE, at + 5);
    if (alias === undefined) throw new Error(`no symbol for namespace ${ns}`);
    const moduleSymbol = checker.getAliasedSymbol(alias);
    const types = new Map<string, Type>();
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (target.flags & (SymbolFlags.TypeAlias | SymbolFlags.Interface)) types.set(exported.name, checker.getDeclaredTypeOfSymbol(target));
    }
    namespaces.set(ns, types);
    return types;
  }

  return {
    read(ns, name) {
      const type = namespace(ns).get(name);
      return type === undefined ? null : reduce({ checker, docs: options.docs === true }, type, 0);
    },
    exports: (ns) => [...namespace(ns).keys()],
    close: () => api.close(),
  };
}

interface Context {
  checker: Checker;
  docs: boolean;
}

function reduce(context: Context, type: Type, depth: number): Shape {
  const { checker } = context;
  const f = type.flags;
  if (f & TypeFlags.Any || f & TypeFlags.Unknown) return { kind: 'primitive', name: 'unknown' };
  if (f & TypeFlags.String) return { kind: 'primitive', name: 'string' };
  if (f & TypeFlags.Number) return { kind: 'primitive', name: 'number' };
  if (f & TypeFlags.Boolean) return { kind: 'primitive', name: 'boolean' };
  if (f & TypeFlags.Null) return { kind: 'primitive', name: 'null' };
  if (f & TypeFlags.Never) return { kind: 'primitive', name: 'never' };
  if (f & TypeFlags.StringLiteral || f & TypeFlags.NumberLiteral) return { kind: 'literal', value: view(type).value as string | number };
  if (f & TypeFlags.BooleanLiteral) return { kind: 'literal', value: view(type).value === true || view(type).intrinsicName === 'true' };
  if (f & TypeFlags.Union) return reduceUnion(context, type, depth);
  if (depth >= MAX_DEPTH) return { kind: 'primitive', name: 'other', text: checker.typeToString(type) };
  if (f & TypeFlags.Intersection && isOpenString(type)) return { kind: 'primitive', name: 'string' };
  if (f & TypeFlags.Object || f & TypeFlags.Intersection) return reduceObject(context, type, depth);
  return { kind: 'primitive', name: 'other', text: checker.typeToString(type) };
}

/** The members of the API's type objects that its `Type` interface does not declare. */
function view(type: Type): { value: unknown; intrinsicName: string; getTypes(): readonly Type[] | undefined } {
  return type as unknown as { value: unknown; intrinsicName: string; getTypes(): readonly Type[] | undefined };
}

/** `string & {}` (the open-enum idiom `'a' | (string & {})`) is a string. */
function isOpenString(type: Type): boolean {
  const members = view(type).getTypes() ?? [];
  return members.some((m) => m.flags & TypeFlags.String);
}

function reduceUnion(context: Context, type: Type, depth: number): Shape {
  const raw = view(type).getTypes() ?? [];
  const members: Shape[] = [];
  let trueSeen = false;
  let falseSeen = false;
  for (const member of raw) {
    if (member.flags & (TypeFlags.Undefined | TypeFlags.Void)) continue; // optionality is tracked on the field
    const shape = reduce(context, member, depth);
    if (shape.kind === 'literal' && shape.value === true) trueSeen = true;
    if (shape.kind === 'literal' && shape.value === false) falseSeen = true;
    members.push(...(shape.kind === 'union' ? shape.members : [shape]));
  }
  const merged = dedupe(
    trueSeen && falseSeen
      ? [...members.filter((m) => !(m.kind === 'literal' && typeof m.value === 'boolean')), { kind: 'primitive', name: 'boolean' } as Shape]
      : members,
  );
  // An open enum (`'a' | 'b' | string`) is a string to a reader; keep it so, as the compiler does.
  if (merged.some((m) => m.kind === 'primitive' && m.name === 'string')) {
    const rest = merged.filter((m) => !(m.kind === 'literal' && typeof m.value === 'string'));
    return rest.length === 1 ? rest[0]! : { kind: 'union', members: rest };
  }
  return merged.length === 1 ? merged[0]! : { kind: 'union', members: merged };
}

function reduceObject(context: Context, type: Type, depth: number): Shape {
  const { checker } = context;
  // A tuple (`@minItems`/`@maxItems` in the SDK's json-schema-to-typescript output) is compared as the array it
  // encodes: lengths are not compared, only the items.
  if (checker.isTupleType(type)) {
    const items = dedupe(checker.getTypeArguments(type as never).map((t) => reduce(context, t, depth + 1)));
    return { kind: 'array', item: items.length === 1 ? items[0]! : { kind: 'union', members: items } };
  }
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as never);
    return { kind: 'array', item: item === undefined ? { kind: 'primitive', name: 'unknown' } : reduce(context, item, depth + 1) };
  }
  const fields: Record<string, Field> = {};
  for (const property of checker.getPropertiesOfType(type)) {
    const propertyType = checker.getTypeOfSymbol(property);
    fields[property.name] = {
      optional: (property.flags & SymbolFlags.Optional) !== 0,
      shape: propertyType === undefined ? { kind: 'primitive', name: 'unknown' } : reduce(context, propertyType, depth + 1),
      ...(context.docs ? { doc: checker.getDocumentationCommentOfSymbol(property) } : {}),
    };
  }
  const [index] = checker.getIndexInfosOfType(type);
  return { kind: 'object', fields, index: index === undefined ? null : reduce(context, index.valueType, depth + 1) };
}

/** Drops repeated members (`[T] | [T, T]` tuples reduce to the same array). */
function dedupe(shapes: Shape[]): Shape[] {
  const seen = new Set<string>();
  return shapes.filter((shape) => {
    const key = JSON.stringify(shape);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
