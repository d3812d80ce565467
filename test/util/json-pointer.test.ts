import { describe, expect, it } from 'vitest';
import { joinPointer, pointerSegment } from '../../src/util/json-pointer.js';

describe('pointerSegment', () => {
  it.each([
    ['plain', 'plain'],
    ['a/b', 'a~1b'],
    ['a~b', 'a~0b'],
    // `~1` in a key must not be decoded back to `/`: `~` is escaped first.
    ['~1', '~01'],
    ['', ''],
  ])('escapes %j as %j', (key, expected) => {
    expect(pointerSegment(key)).toBe(expected);
  });
});

describe('joinPointer', () => {
  it('appends an escaped segment to a pointer, starting from the root', () => {
    expect(joinPointer('', 'hooks')).toBe('/hooks');
    expect(joinPointer('/hooks', 'a/b')).toBe('/hooks/a~1b');
  });
});
