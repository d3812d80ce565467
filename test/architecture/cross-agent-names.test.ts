import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ConcordanceRow } from '../../src/dialects/cross-agent.js';
import { concordanceRows, DIALECT_IDS, loadConfigSpec, manifestOf, type DialectId } from '../../src/dialects/registry.js';
import { CANONICAL_TOOLS, toolNamesOf } from '../../src/kit/index.js';

/**
 * Issue 41: agent knowledge about other agents lives in one place, the cross-agent concordance —
 * each dialect declares one row of its own names (its manifest's `concordance`), the registry gathers
 * the rows, and every "other agent" hint derives from them. So no dialect's source names another
 * agent's tool or event: this test reads each dialect folder's code (string literals and property
 * names; comments, and prose inside a longer string, may name anything) and fails naming the file,
 * line and whose name it is.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CANONICAL: ReadonlySet<string> = new Set(CANONICAL_TOOLS);

/**
 * Names that are another agent's tool (Copilot CLI's `bash` and `create`, the Codex model's `shell`,
 * Gemini CLI's `replace`) but also plain words of other meaning that dialects write, each with where.
 * Nothing else is exempt.
 */
const SHARED_WORDS: Readonly<Record<string, string>> = {
  bash: 'the shell program: claude\'s handler `shell: "bash"`, its shell-word parser, gemini\'s command runner',
  shell: "a handler key (claude `shell`), a shell program's kind, openinterpreter's sample command field",
  create: 'a verb as a value: claude\'s Write sample `type: "create"`, openinterpreter\'s trust-store mode',
  replace: "an enum value: claude's NotebookEdit `edit_mode`, codex app-server's `mergeStrategy`",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every name a row gives: its event names and its tool names, its own `otherNames` included. */
function namesOf(row: ConcordanceRow): string[] {
  return [
    ...Object.values(row.row.events),
    ...Object.values(row.row.movedEvents ?? {}),
    ...CANONICAL_TOOLS.flatMap((tool) => toolNamesOf(row.row, tool)),
    ...Object.keys(row.row.otherNames ?? {}),
  ];
}

/** The names a dialect may write: its row's, its event table's, the tools its lint knows (legacy and removed included). */
async function ownNames(id: DialectId, rows: readonly ConcordanceRow[]): Promise<Set<string>> {
  const row = rows.find((candidate) => candidate.dialect === id);
  const toolNames = (await loadConfigSpec(id)).lint?.toolNames;
  return new Set([
    ...(row === undefined ? [] : namesOf(row)),
    ...manifestOf(id).events.map((event) => event.name),
    ...(toolNames?.tools ?? []),
    ...Object.keys(toolNames?.legacy ?? {}),
    ...Object.keys(toolNames?.removed ?? {}),
  ]);
}

/** Canonical event names: the keys a row maps from, which its concordance.ts may write as keys. */
function canonicalEvents(rows: readonly ConcordanceRow[]): Set<string> {
  return new Set(rows.flatMap(({ row }) => [...Object.keys(row.events), ...Object.keys(row.movedEvents ?? {})]));
}

interface Use {
  file: string;
  line: number;
  column: number;
  name: string;
  key: boolean;
}

/**
 * Source text without comments, so prose may name any agent while code may not. A block comment
 * keeps its line breaks, so a finding's line number is the line in the file.
 */
function codeOf(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, (line, before: string) => before + ' '.repeat(line.length - before.length));
}

const STRING = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g;
const KEY = /(^|[{,(]\s*)([A-Za-z_$][\w$]*)\s*\??:(?!:)/gm;

/** The whole string literals and the property names of a file's code, with their positions. */
function namesIn(path: string): Use[] {
  const code = codeOf(path);
  const file = relative(ROOT, path);
  const position = (index: number) => {
    const before = code.slice(0, index);
    const line = before.split('\n').length;
    return { line, column: index - before.lastIndexOf('\n') };
  };
  const uses: Use[] = [];
  for (const match of code.matchAll(STRING)) {
    uses.push({ file, ...position(match.index), name: match[1] ?? match[2] ?? match[3]!, key: false });
  }
  // Keys outside strings: blank the strings first, keeping offsets.
  const bare = code.replace(STRING, (literal) =>
    /^['"][A-Za-z_$][\w$]*['"]$/.test(literal) ? literal.slice(1, -1).padEnd(literal.length) : ' '.repeat(literal.length),
  );
  for (const match of bare.matchAll(KEY)) {
    uses.push({ file, ...position(match.index + match[1]!.length), name: match[2]!, key: true });
  }
  return uses;
}

describe('no dialect names another agent’s tools or events (the cross-agent concordance holds them)', () => {
  const rows = concordanceRows();

  it.each(DIALECT_IDS)('%s', async (id) => {
    const own = await ownNames(id, rows);
    const foreign = new Map<string, string>();
    for (const row of rows) {
      if (row.dialect === id) continue;
      for (const name of namesOf(row)) if (!own.has(name) && !foreign.has(name)) foreign.set(name, `${row.agent}'s`);
    }
    const canonical = canonicalEvents(rows);
    const found = sourceFiles(join(ROOT, 'src', 'dialects', id))
      .flatMap(namesIn)
      .filter(({ name }) => foreign.has(name) && !Object.hasOwn(SHARED_WORDS, name))
      // A row maps from the canonical events and tools: its concordance.ts writes them (as keys, and as an `otherNames` tool).
      .filter(({ file, name, key }) => !(file.endsWith('/concordance.ts') && ((key && canonical.has(name)) || CANONICAL.has(name))))
      .map(({ file, line, column, name }) => `${file}:${line}:${column} names "${name}", ${foreign.get(name)} (the concordance's row)`);
    expect(found).toEqual([]);
  });

  it('the check sees a foreign name where one is written', () => {
    const rows = concordanceRows();
    const gemini = rows.find((row) => row.dialect === 'gemini')!;
    expect(namesOf(gemini)).toContain('BeforeTool');
    const uses = namesIn(fileURLToPath(new URL('./cross-agent-names.test.ts', import.meta.url)));
    expect(uses.some((use) => use.name === 'BeforeTool' && !use.key)).toBe(true);
  });
});
