import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatFromPath } from '../config/read-config-file.js';
import type { LoadContext } from '../dialects/dialect.js';
import type { DialectId } from '../dialects/registry.js';
import { UsageError } from '../errors.js';
import { inferDialectFromPath } from './infer-dialect.js';
import { runLint, type LintResult } from './run-lint.js';

export interface LintFilesOptions {
  /** The dialect for every file (`--dialect`), else each file's own from its path. */
  forced: DialectId | null;
  /** The dialect of a file whose path does not tell. */
  fallback: DialectId;
  context: LoadContext;
}

/**
 * Lints the named config files, grouped by dialect. A name that is not a readable config file is a
 * usage error: the user asked for it, so silently checking nothing would hide a typo.
 */
export async function lintFiles(files: readonly string[], options: LintFilesOptions): Promise<LintResult> {
  const groups = new Map<DialectId, string[]>();
  for (const file of files) {
    const path = resolve(options.context.cwd, file);
    assertConfigFile(file, path);
    const id = options.forced ?? inferDialectFromPath(path) ?? options.fallback;
    groups.set(id, [...(groups.get(id) ?? []), path]);
  }
  const results = await Promise.all([...groups].map(([dialect, paths]) => runLint({ dialect, context: options.context, files: paths })));
  return { findings: results.flatMap((result) => result.findings), rules: results[0]?.rules ?? [] };
}

function assertConfigFile(file: string, path: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read it (${code ?? (error as Error).message})`);
  }
  if (!isFile) throw new UsageError(`${file}: not a file`);
  if (formatFromPath(path) === null) {
    throw new UsageError(`${file}: not a hooks config file (hookctl reads .json, .toml, .yml and .yaml)`);
  }
}
