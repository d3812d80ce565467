import { isPlainObject } from '../util/is-plain-object.js';
import { joinPointer } from '../util/json-pointer.js';

/** One field where the actual outcome differs from the expected subset. */
export interface Mismatch {
  /** JSON pointer to the field. */
  path: string;
  expected: unknown;
  actual: unknown;
}

/**
 * Compares `actual` against an expected deep subset: objects match when every expected key
 * matches, arrays element by element with equal length, and `{"$regex": "…"}` matches a string by
 * regex. Returns every mismatch (empty when it matches).
 */
export function matchExpected(expected: unknown, actual: unknown, path = ''): Mismatch[] {
  if (isRegexMatcher(expected)) {
    return typeof actual === 'string' && new RegExp(expected.$regex).test(actual) ? [] : [{ path, expected, actual }];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [{ path, expected, actual }];
    return expected.flatMap((item, index) => matchExpected(item, actual[index], `${path}/${index}`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [{ path, expected, actual }];
    return Object.entries(expected).flatMap(([key, value]) => matchExpected(value, actual[key], joinPointer(path, key)));
  }
  return Object.is(expected, actual) ? [] : [{ path, expected, actual }];
}

/** Checks that every `$regex` in an expectation compiles, so a typo fails loudly before any run. */
export function regexErrors(expected: unknown, path = ''): string[] {
  if (isRegexMatcher(expected)) {
    try {
      new RegExp(expected.$regex);
      return [];
    } catch (error) {
      return [`${path || '/'}: invalid $regex ${JSON.stringify(expected.$regex)}: ${(error as Error).message}`];
    }
  }
  if (Array.isArray(expected)) return expected.flatMap((item, index) => regexErrors(item, `${path}/${index}`));
  if (isPlainObject(expected)) return Object.entries(expected).flatMap(([key, value]) => regexErrors(value, joinPointer(path, key)));
  return [];
}

function isRegexMatcher(value: unknown): value is { $regex: string } {
  return isPlainObject(value) && Object.keys(value).length === 1 && typeof value.$regex === 'string';
}
