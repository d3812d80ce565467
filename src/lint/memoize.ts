/**
 * `compute` with each distinct key computed once. Lint rules wrap file-system checks in it for one
 * run: many handlers often name the same script, and a large file has thousands of handlers.
 */
export function memoize<V>(compute: (key: string) => V): (key: string) => V {
  const results = new Map<string, V>();
  return (key) => {
    if (!results.has(key)) results.set(key, compute(key));
    return results.get(key) as V;
  };
}
