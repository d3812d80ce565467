import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, loadConfigSpec, loadDialectRules } from '../../src/dialects/registry.js';
import { LOAD_RULES, RULES } from '../../src/lint/rules/index.js';

describe('LOAD_RULES', () => {
  it('is every rule that runs at load, in the order of RULES, and nothing else', () => {
    expect(LOAD_RULES.map((rule) => rule.meta.id)).toEqual(RULES.filter((rule) => rule.atLoad).map((rule) => rule.meta.id));
    expect(LOAD_RULES.length).toBeGreaterThan(0);
    expect(LOAD_RULES.length).toBeLessThan(RULES.length);
  });

  it("each dialect's own load rules are its rules that run at load, in its order, held by its config spec", async () => {
    for (const id of DIALECT_IDS) {
      const own = await loadDialectRules(id);
      const spec = await loadConfigSpec(id);
      expect(
        (spec.rules?.atLoad ?? []).map((rule) => rule.meta.id),
        id,
      ).toEqual(own.filter((rule) => rule.atLoad).map((rule) => rule.meta.id));
    }
  });
});
