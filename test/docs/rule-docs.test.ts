import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/lint/rules/index.js';

const docsDir = new URL('../../docs/rules/', import.meta.url);
const testsDir = new URL('../lint/rules/', import.meta.url);

// A rule is a triad sharing one id: src/lint/rules/<id>.ts, test/lint/rules/<id>.test.ts, docs/rules/<id>.md.
describe('lint rule docs', () => {
  it.each(RULES.map((rule) => [rule.meta.id, rule.meta] as const))(
    '%s has a page with its severity, a wrong and a right example',
    (id, meta) => {
      expect(meta.docs).toBe(`docs/rules/${id}.md`);
      const page = readFileSync(new URL(`${id}.md`, docsDir), 'utf8');
      expect(page.startsWith(`# ${id}\n`)).toBe(true);
      expect(page).toContain(`Severity: **${meta.severity}**`);
      expect(page).toMatch(/## Wrong\n[\s\S]*```[\s\S]*## Right\n[\s\S]*```/);
    },
  );

  it.each(RULES.map((rule) => rule.meta.id))('%s has a RuleTester table', (id) => {
    expect(existsSync(new URL(`${id}.test.ts`, testsDir))).toBe(true);
    expect(readFileSync(new URL(`${id}.test.ts`, testsDir), 'utf8')).toContain('new RuleTester().run(');
  });

  it('has no page for a rule that does not exist', () => {
    const pages = readdirSync(docsDir)
      .filter((name) => name !== 'README.md')
      .map((name) => name.replace(/\.md$/, ''))
      .sort();
    expect(pages).toEqual(RULES.map((rule) => rule.meta.id).sort());
  });

  it('lists every rule in docs/rules/README.md with its severity and description, in rule order', () => {
    const readme = readFileSync(new URL('README.md', docsDir), 'utf8');
    const rows = [...readme.matchAll(/^\| \[`([\w-]+)`\]\(([\w-]+)\.md\) \| (\w+) \| (.+) \|$/gm)].map(
      ([, id, page, severity, description]) => ({
        id,
        page,
        severity,
        description,
      }),
    );
    expect(rows).toEqual(RULES.map(({ meta }) => ({ id: meta.id, page: meta.id, severity: meta.severity, description: meta.description })));
  });
});
