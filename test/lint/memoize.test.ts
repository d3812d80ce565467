import { describe, expect, it } from 'vitest';
import { memoize } from '../../src/lint/memoize.js';

describe('memoize', () => {
  it('computes each distinct key once and returns the same result for repeats', () => {
    const computed: string[] = [];
    const length = memoize((key) => {
      computed.push(key);
      return key.length;
    });
    expect(['a', 'bb', 'a', 'bb', 'ccc'].map(length)).toEqual([1, 2, 1, 2, 3]);
    expect(computed).toEqual(['a', 'bb', 'ccc']);
  });

  it('remembers falsy results too', () => {
    let calls = 0;
    const missing = memoize(() => {
      calls++;
      return undefined;
    });
    missing('x');
    missing('x');
    expect(calls).toBe(1);
  });
});
