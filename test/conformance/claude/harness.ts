import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The documented payloads, outputs and configurations of the Claude Code docs (mirror
 * zhalice2011/claude-code-docs at 19dd01fa), as committed under test/fixtures/claude/ with their
 * source lines in its README. The conformance suite runs them through hookctl's public surface.
 */
export const FIXTURES = fileURLToPath(new URL('../../fixtures/claude/', import.meta.url));

/** `pre-tool-use` → `PreToolUse`. */
export function eventOf(folder: string): string {
  return folder.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** The README's source for a fixture file: `hooks.md line 1734 (PreToolUse decision control)`. */
export function sourceOf(file: string): string {
  const readme = readFileSync(join(FIXTURES, 'README.md'), 'utf8');
  const row = readme.split('\n').find((line) => line.startsWith(`| \`${file}\` |`));
  if (!row) throw new Error(`no README row for ${file}`);
  return row.split('|')[2]!.trim();
}

export function readFixture(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Record<string, unknown>;
}

/** Every fixture file of a kind (`input`, `output`) as `<folder>/<name>.<kind>.json`. */
export function fixtureFiles(kind: 'input' | 'output'): string[] {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'config')
    .flatMap((entry) =>
      readdirSync(join(FIXTURES, entry.name))
        .filter((name) => name.endsWith(`.${kind}.json`))
        .map((name) => `${entry.name}/${name}`),
    )
    .sort();
}

/** The documented input of an event, when the docs have one. */
export function documentedInput(event: string): Record<string, unknown> | null {
  const folder = event.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  const file = fixtureFiles('input').find((path) => path.startsWith(`${folder}/`));
  return file ? readFixture(file) : null;
}
