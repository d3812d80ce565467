import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleCatalogue } from '../../src/dialects/every-rule.js';
import { RULES } from '../../src/lint/rules/index.js';

const docsDir = new URL('../../docs/rules/', import.meta.url);
const CATALOGUE = await ruleCatalogue();
const EVERY_RULE = CATALOGUE.map((entry) => entry.rule);

// A rule is a triad sharing one id: src/lint/rules/<id>.ts, test/lint/rules/<id>.test.ts, docs/rules/<id>.md; a
// dialect's own rule (DialectRules) has its code and table in src/dialects/<dialect>/rules/ and test/dialects/<dialect>/rules/.
const testOf = (id: string, dialect: string | null) =>
  new URL(dialect === null ? `../lint/rules/${id}.test.ts` : `../dialects/${dialect}/rules/${id}.test.ts`, import.meta.url);

describe('lint rule docs', () => {
  it.each(EVERY_RULE.map((rule) => [rule.meta.id, rule.meta] as const))(
    '%s has a page with its severity, a wrong and a right example',
    (id, meta) => {
      expect(meta.docs).toBe(`docs/rules/${id}.md`);
      const page = readFileSync(new URL(`${id}.md`, docsDir), 'utf8');
      expect(page.startsWith(`# ${id}\n`)).toBe(true);
      expect(page).toContain(`Severity: **${meta.severity}**`);
      expect(page).toMatch(/## Wrong\n[\s\S]*```[\s\S]*## Right\n[\s\S]*```/);
    },
  );

  it.each(CATALOGUE.map(({ rule, dialect }) => [rule.meta.id, dialect] as const))('%s has a RuleTester table', (id, dialect) => {
    expect(existsSync(testOf(id, dialect))).toBe(true);
    expect(readFileSync(testOf(id, dialect), 'utf8')).toContain('new RuleTester().run(');
  });

  it('each dialect rule lives in its dialect folder and no core rule shares its id', () => {
    for (const { rule, dialect } of CATALOGUE) {
      const path = dialect === null ? `src/lint/rules/${rule.meta.id}.ts` : `src/dialects/${dialect}/rules/${rule.meta.id}.ts`;
      expect(existsSync(new URL(`../../${path}`, import.meta.url)), path).toBe(true);
    }
    expect(new Set(EVERY_RULE.map((rule) => rule.meta.id)).size).toBe(EVERY_RULE.length);
  });

  it('has no page for a rule that does not exist', () => {
    const pages = readdirSync(docsDir)
      .filter((name) => name !== 'README.md')
      .map((name) => name.replace(/\.md$/, ''))
      .sort();
    expect(pages).toEqual(EVERY_RULE.map((rule) => rule.meta.id).sort());
  });

  it('lists every rule in docs/rules/README.md with its severity and description, core rules in rule order', () => {
    const readme = readFileSync(new URL('README.md', docsDir), 'utf8');
    const rows = [...readme.matchAll(/^\| \[`([\w-]+)`\]\(([\w-]+)\.md\) \| (\w+) \| (.+) \|$/gm)].map(
      ([, id, page, severity, description]) => ({
        id,
        page,
        severity,
        description,
      }),
    );
    const row = ({ meta }: (typeof EVERY_RULE)[number]) => ({
      id: meta.id,
      page: meta.id,
      severity: meta.severity,
      description: meta.description,
    });
    const byId = (a: { id?: string }, b: { id?: string }) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0);
    // One table: a dialect's own rules keep the row where the topic puts them, so compare as a set…
    expect([...rows].sort(byId)).toEqual(EVERY_RULE.map(row).sort(byId));
    // …and the core rules, and each dialect's, in their own order.
    const core = new Set(RULES.map((rule) => rule.meta.id));
    expect(rows.filter((r) => core.has(r.id!))).toEqual(RULES.map(row));
    for (const dialect of new Set(CATALOGUE.flatMap((entry) => (entry.dialect === null ? [] : [entry.dialect])))) {
      const own = CATALOGUE.filter((entry) => entry.dialect === dialect).map((entry) => entry.rule);
      const ids = new Set(own.map((rule) => rule.meta.id));
      expect(
        rows.filter((r) => ids.has(r.id!)),
        dialect,
      ).toEqual(own.map(row));
    }
  });
});
