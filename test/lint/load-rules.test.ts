import { describe, expect, it } from 'vitest';
import { LOAD_RULES, RULES } from '../../src/lint/rules/index.js';

describe('LOAD_RULES', () => {
  it('is every rule that runs at load, in the order of RULES, and nothing else', () => {
    expect(LOAD_RULES.map((rule) => rule.meta.id)).toEqual(RULES.filter((rule) => rule.atLoad).map((rule) => rule.meta.id));
    expect(LOAD_RULES.length).toBeGreaterThan(0);
    expect(LOAD_RULES.length).toBeLessThan(RULES.length);
  });
});
