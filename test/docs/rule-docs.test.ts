import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/lint/rules/index.js';

const docsDir = new URL('../../docs/rules/', import.meta.url);

describe('lint rule docs', () => {
  it.each(RULES.map((rule) => [rule.meta.id, rule.meta] as const))('%s has a page with its severity, a wrong and a right example', (id, meta) => {
    expect(meta.docs).toBe(`docs/rules/${id}.md`);
    const page = readFileSync(new URL(`${id}.md`, docsDir), 'utf8');
    expect(page.startsWith(`# ${id}\n`)).toBe(true);
    expect(page).toContain(`Severity: **${meta.severity}**`);
    expect(page).toMatch(/## Wrong\n[\s\S]*```[\s\S]*## Right\n[\s\S]*```/);
  });

  it('has no page for a rule that does not exist', () => {
    const pages = readdirSync(docsDir).map((name) => name.replace(/\.md$/, '')).sort();
    expect(pages).toEqual(RULES.map((rule) => rule.meta.id).sort());
  });
});
