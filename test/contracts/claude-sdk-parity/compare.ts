// Field-by-field comparison of two Shapes (shapes.ts): the SDK's type against hookctl's. Each
// difference is one line, `<where>: <path>: <what>`, so a failing test reads as a changelog.
import type { Field, Shape } from './shapes.js';

/** Renders a Shape as compact TypeScript, for messages. */
export function render(shape: Shape, depth = 0): string {
  switch (shape.kind) {
    case 'primitive':
      return shape.text ?? shape.name;
    case 'literal':
      return JSON.stringify(shape.value);
    case 'union':
      return shape.members.map((m) => render(m, depth)).join(' | ');
    case 'array':
      return `${shape.item.kind === 'union' ? `(${render(shape.item, depth)})` : render(shape.item, depth)}[]`;
    case 'object': {
      if (depth >= 1) return Object.keys(shape.fields).length === 0 && shape.index !== null ? 'Record<string, …>' : '{…}';
      const fields = Object.entries(shape.fields).map(([k, f]) => `${k}${f.optional ? '?' : ''}: ${render(f.shape, depth + 1)}`);
      if (shape.index !== null) fields.push(`[k: string]: ${render(shape.index, depth + 1)}`);
      return `{ ${fields.join('; ')} }`;
    }
  }
}

/** Differences between the SDK's shape and ours, each prefixed with `where` and the field path. */
export function compareShapes(where: string, sdk: Shape, ours: Shape): string[] {
  const out: string[] = [];
  walk(sdk, ours, '', (path, message) => out.push(`${where}: ${path === '' ? '(root)' : path}: ${message}`));
  return out;
}

type Report = (path: string, message: string) => void;

function walk(sdk: Shape, ours: Shape, path: string, report: Report): void {
  if (sdk.kind === 'object' && ours.kind === 'object') {
    walkObject(sdk, ours, path, report);
  } else if (sdk.kind === 'array' && ours.kind === 'array') {
    walk(sdk.item, ours.item, `${path}[]`, report);
  } else if (isLiteralSet(sdk) && isLiteralSet(ours)) {
    compareLiterals(literals(sdk), literals(ours), path, report);
  } else if (
    sdk.kind === 'primitive' &&
    sdk.name === 'string' &&
    isLiteralSet(ours) &&
    literals(ours).every((v) => typeof v === 'string')
  ) {
    report(path, `the SDK has string, hookctl the closed set ${literals(ours).join(' | ')}`);
  } else {
    const sdkVariants = objectVariants(sdk);
    const ourVariants = objectVariants(ours);
    if (sdkVariants !== null && ourVariants !== null) walkVariants(sdkVariants, ourVariants, path, report);
    else if (render(sdk) !== render(ours)) report(path, `the SDK has ${render(sdk)}, hookctl ${render(ours)}`);
  }
}

function walkObject(sdk: Extract<Shape, { kind: 'object' }>, ours: Extract<Shape, { kind: 'object' }>, path: string, report: Report): void {
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  for (const [key, field] of Object.entries(sdk.fields)) {
    const mine = ours.fields[key];
    if (mine === undefined) {
      report(at(key), `missing in hookctl (SDK: ${describeField(field)})`);
      continue;
    }
    if (field.optional !== mine.optional)
      report(at(key), field.optional ? 'optional in the SDK, required in hookctl' : 'required in the SDK, optional in hookctl');
    walk(field.shape, mine.shape, at(key), report);
  }
  for (const [key, field] of Object.entries(ours.fields)) {
    if (!(key in sdk.fields)) report(at(key), `not in the SDK (hookctl: ${describeField(field)})`);
  }
  if ((sdk.index === null) !== (ours.index === null)) {
    report(path, sdk.index === null ? 'hookctl accepts any key, the SDK does not' : 'the SDK accepts any key, hookctl does not');
  } else if (sdk.index !== null && ours.index !== null) walk(sdk.index, ours.index, `${path}[key]`, report);
}

function describeField(field: Field): string {
  return `${field.optional ? 'optional ' : ''}${render(field.shape)}`;
}

type Literal = string | number | boolean;

function isLiteralSet(shape: Shape): boolean {
  return shape.kind === 'literal' || (shape.kind === 'union' && shape.members.every((m) => m.kind === 'literal'));
}

function literals(shape: Shape): Literal[] {
  if (shape.kind === 'literal') return [shape.value];
  return shape.kind === 'union' ? shape.members.flatMap(literals) : [];
}

function compareLiterals(sdk: Literal[], ours: Literal[], path: string, report: Report): void {
  const missing = sdk.filter((v) => !ours.includes(v));
  const extra = ours.filter((v) => !sdk.includes(v));
  if (missing.length > 0) report(path, `values missing in hookctl: ${missing.map((v) => JSON.stringify(v)).join(', ')}`);
  if (extra.length > 0) report(path, `values not in the SDK: ${extra.map((v) => JSON.stringify(v)).join(', ')}`);
}

type ObjectShape = Extract<Shape, { kind: 'object' }>;

/** A union of objects keyed by its discriminant (`type`, `behavior`, …), or null when it is not one. */
function objectVariants(shape: Shape): { key: string; variants: Map<string, ObjectShape> } | null {
  const members = shape.kind === 'union' ? shape.members : [shape];
  if (!members.every((m): m is ObjectShape => m.kind === 'object')) return null;
  const first = members[0];
  if (first === undefined || members.length < 2) return null;
  for (const key of Object.keys(first.fields)) {
    const tags = members.map((m) => m.fields[key]?.shape);
    if (!tags.every((t) => t !== undefined && isLiteralSet(t))) continue;
    const variants = new Map<string, ObjectShape>();
    members.forEach((m, i) => {
      variants.set(literals(tags[i]!).map(String).join('|'), m);
    });
    if (variants.size === members.length) return { key, variants };
  }
  return null;
}

function walkVariants(
  sdk: { key: string; variants: Map<string, ObjectShape> },
  ours: { key: string; variants: Map<string, ObjectShape> },
  path: string,
  report: Report,
): void {
  if (sdk.key !== ours.key) {
    report(path, `the SDK's variants are told apart by ${sdk.key}, hookctl's by ${ours.key}`);
    return;
  }
  for (const [tag, variant] of sdk.variants) {
    const mine = ours.variants.get(tag);
    const at = `${path}[${sdk.key}=${tag}]`;
    if (mine === undefined) report(at, `variant missing in hookctl (SDK: ${render(variant)})`);
    else walkObject(variant, mine, at, report);
  }
  for (const tag of ours.variants.keys()) {
    if (!sdk.variants.has(tag)) report(`${path}[${sdk.key}=${tag}]`, 'variant not in the SDK');
  }
}
