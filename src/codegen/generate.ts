import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { DIALECT_IDS } from '../dialects/registry.js';
import { readDialectSchemas } from './dialect-schemas.js';
import type { GeneratedFile } from './emitter.js';
import { EMITTERS } from './emitters.js';

/** Runs every emitter over every dialect's schemas under `root`; the result is sorted by path. */
export async function generateAll(root: string): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const dialect of DIALECT_IDS) {
    const schemas = readDialectSchemas(root, dialect);
    for (const emitter of EMITTERS) files.push(...(await emitter.emit(schemas)));
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** Replaces `<outRoot>/generated/` with exactly the given files. */
export function writeGenerated(outRoot: string, files: readonly GeneratedFile[]): void {
  rmSync(join(outRoot, 'generated'), { recursive: true, force: true });
  for (const file of files) {
    const path = join(outRoot, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
}

export interface Staleness {
  stale: string[];
  missing: string[];
  extra: string[];
}

/**
 * Compares the committed `generated/` tree under `root`, and the generated modules outside it, with
 * freshly generated files. Only `generated/` is owned whole: a file there that no emitter produced is extra.
 */
export function compareGenerated(root: string, files: readonly GeneratedFile[]): Staleness {
  const expected = new Map(files.map((f) => [f.path, f.content]));
  const present = listFiles(root, 'generated');
  const result: Staleness = { stale: [], missing: [], extra: [] };
  for (const [path, content] of expected) {
    if (!existsSync(join(root, path))) result.missing.push(path);
    else if (readFileSync(join(root, path), 'utf8') !== content) result.stale.push(path);
  }
  result.extra = present.filter((path) => !expected.has(path));
  return result;
}

function listFiles(root: string, dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/**
 * `npm run generate` writes `generated/`; `npm run generate:check` generates into a temp dir, writes
 * nothing in the repository, and exits 1 naming every stale, missing or extra file.
 */
export async function runGenerator(root: string, argv: readonly string[]): Promise<number> {
  const started = performance.now();
  const files = await generateAll(root);
  if (!argv.includes('--check')) {
    writeGenerated(root, files);
    process.stdout.write(`generated ${files.length} files in ${Math.round(performance.now() - started)} ms\n`);
    return 0;
  }
  // The temp copy is what a fresh `npm run generate` would write; keep it for inspection on failure.
  const scratch = mkdtempSync(join(tmpdir(), 'hookctl-generate-'));
  writeGenerated(scratch, files);
  const { stale, missing, extra } = compareGenerated(root, files);
  const problems = [
    ...stale.map((p) => `  stale:   ${p}`),
    ...missing.map((p) => `  missing: ${p}`),
    ...extra.map((p) => `  extra:   ${p} (not produced by the generator)`),
  ];
  if (problems.length === 0) {
    rmSync(scratch, { recursive: true, force: true });
    process.stdout.write(`generated/ is up to date (${files.length} files)\n`);
    return 0;
  }
  process.stderr.write(
    `generated/ is out of date with schema/ (fresh output in ${scratch}):\n${problems.join('\n')}\n` +
      'run `npm run generate` and commit the result.\n',
  );
  return 1;
}
