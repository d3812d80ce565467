import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../../src/util/is-plain-object.js';

describe('isPlainObject', () => {
  it.each([[{}], [{ a: 1 }], [Object.create(null)]])('accepts the object %j', (value) => {
    expect(isPlainObject(value)).toBe(true);
  });

  it.each([[null], [undefined], [[]], [[1]], ['x'], [1], [true]])('rejects %j', (value) => {
    expect(isPlainObject(value)).toBe(false);
  });
});
