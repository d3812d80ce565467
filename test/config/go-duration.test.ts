import { describe, expect, it } from 'vitest';
import { parseGoDuration } from '../../src/config/go-duration.js';

describe('parseGoDuration', () => {
  it.each([
    ['300ms', 300],
    ['1.5s', 1500],
    ['2m', 120_000],
    ['1m30s', 90_000],
    ['1h', 3_600_000],
    ['500us', 0.5],
    ['500µs', 0.5],
    ['1000000ns', 1],
    ['.5s', 500],
    ['0', 0],
    ['-1s', -1000],
    ['+2s', 2000],
  ])('%s is %d ms', (text, ms) => {
    expect(parseGoDuration(text)).toBe(ms);
  });

  it.each(['', '5', '5 s', 's', '1.5', '1d', 'fast', '-', '.s', '1s junk'])('%j is not a duration', (text) => {
    expect(parseGoDuration(text)).toBeNull();
  });
});
