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
  if (isObject(expected)) {
    if (!isObject(actual)) return [{ path, expected, actual }];
    return Object.entries(expected).flatMap(([key, value]) =>
      matchExpected(value, actual[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
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
  if (isObject(expected)) return Object.entries(expected).flatMap(([key, value]) => regexErrors(value, `${path}/${key}`));
  return [];
}

function isRegexMatcher(value: unknown): value is { $regex: string } {
  return isObject(value) && Object.keys(value).length === 1 && typeof value.$regex === 'string';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
