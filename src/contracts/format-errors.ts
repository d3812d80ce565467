import type { ErrorObject } from 'ajv';
import type { ValidationError } from '../kit/index.js';
import { joinPointer } from '../util/json-pointer.js';

/**
 * Turns ajv errors into `{ path, message }` pairs a person can act on. `path` is a JSON pointer to a
 * location that exists in the validated value (for a missing property: the object that lacks it;
 * for an unknown property: the property itself), so callers can map it to a file position.
 */
export function formatValidationErrors(errors: readonly ErrorObject[] | null | undefined): ValidationError[] {
  const all = errors ?? [];
  // ajv reports a failed anyOf/oneOf after its branches' errors; find the groups that merge first.
  const mergedInto = new Map<ErrorObject, ValidationError>();
  for (const composite of all.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) {
    const branches = all.filter((e) => e.schemaPath.startsWith(`${composite.schemaPath}/`));
    const merged = mergeAlternatives(composite, branches);
    if (merged) for (const branch of branches) mergedInto.set(branch, merged);
  }
  const formatted: ValidationError[] = [];
  for (const error of all) {
    const merged = mergedInto.get(error);
    if (merged) formatted.push(merged);
    // An unmerged anyOf/oneOf only says "must match a schema"; its branches' deeper errors say more.
    // "must match "then" schema" only repeats the errors found inside `then`.
    else if (!['anyOf', 'oneOf', 'if'].includes(error.keyword)) formatted.push(formatOne(error));
  }
  return dedupe(formatted);
}

function formatOne(error: ErrorObject): ValidationError {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: error.instancePath, message: `missing required property ${quote(params.missingProperty)}` };
    case 'additionalProperties':
      return {
        path: joinPointer(error.instancePath, String(params.additionalProperty)),
        message: `unknown property ${quote(params.additionalProperty)}`,
      };
    case 'enum':
      return { path: error.instancePath, message: `must be one of ${(params.allowedValues as unknown[]).map(quote).join(', ')}` };
    case 'const':
      return { path: error.instancePath, message: `must be ${quote(params.allowedValue)}` };
    case 'pattern':
      // `\S` is how the schemas spell "non-blank string"; say so instead of showing the regex.
      return {
        path: error.instancePath,
        message: params.pattern === '\\S' ? 'must not be blank' : `must match the pattern /${String(params.pattern)}/`,
      };
    default:
      return { path: error.instancePath, message: error.message ?? `fails the ${error.keyword} rule` };
  }
}

/**
 * A choice between plain types or literal values (`string | null`, oneOf of consts) fails with one
 * error per branch; they read better as one message listing what is allowed.
 */
function mergeAlternatives(composite: ErrorObject, branches: readonly ErrorObject[]): ValidationError | null {
  const simple =
    branches.length > 0 &&
    branches.every((e) => e.instancePath === composite.instancePath && ['type', 'const', 'enum'].includes(e.keyword));
  if (!simple) return null;
  const literals = branches.every((e) => e.keyword !== 'type');
  const alternatives = branches.flatMap((e) => {
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'type') return [String(params.type)];
    if (e.keyword === 'const') return [quote(params.allowedValue)];
    return (params.allowedValues as unknown[]).map(quote);
  });
  const message = literals ? `must be one of ${alternatives.join(', ')}` : `must be ${alternatives.join(' or ')}`;
  return { path: composite.instancePath, message };
}

function quote(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function dedupe(errors: readonly ValidationError[]): ValidationError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
