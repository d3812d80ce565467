import { statSync } from 'node:fs';
import { sortFindings } from '../config/analyse-files.js';
import { formatFromPath } from '../config/read-config-file.js';
import { UsageError } from '../errors.js';
import type { LoadContext } from '../kit/index.js';
import type { RuledConfigSpec, RuleMeta } from './rule.js';
import { RULES } from './rules/index.js';
import { runLint, type LintOptions, type LintResult } from './run-lint.js';

/** Named files of one dialect (absolute paths), with that dialect's config rules. */
export interface FileGroup {
  spec: RuledConfigSpec;
  paths: readonly string[];
}

/** Where named files' scripts resolve and how their paths are written (runLint's options of those names). */
export type FilePaths = Pick<LintOptions, 'projectDirOf' | 'showPath'>;

/**
 * Lints config files of several dialects, each group with its own dialect's rules; the findings
 * of all groups together, in reading order, and every rule that ran once. No group is an empty result
 * with the core rules listed.
 */
export async function lintFileGroups(groups: readonly FileGroup[], context: LoadContext, paths: FilePaths = {}): Promise<LintResult> {
  const results = await Promise.all(groups.map(({ spec, paths: files }) => runLint({ spec, context, files, ...paths })));
  const findings = sortFindings(results.flatMap((result) => result.findings));
  const formats = new Map(results.flatMap((result) => [...(result.formats ?? [])]));
  const rules = new Map<string, RuleMeta>(RULES.map((rule) => [rule.meta.id, rule.meta]));
  for (const meta of results.flatMap((result) => result.rules)) rules.set(meta.id, meta);
  return { findings, rules: [...rules.values()], files: results.flatMap((result) => result.files ?? []), formats };
}

/**
 * Refuses a name that is not a readable config file: the user asked for it, so silently checking
 * nothing would hide a typo. `file` is the name as given, `path` the resolved one; `placed` when a
 * dialect's repository files describe it (a skill's `SKILL.md`), whatever its extension.
 */
export function assertConfigFile(file: string, path: string, placed = false): void {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read it (${code ?? (error as Error).message})`);
  }
  if (!isFile) throw new UsageError(`${file}: not a file`);
  if (!placed && formatFromPath(path) === null) {
    throw new UsageError(`${file}: not a hooks config file (hookctl reads .json, .toml, .yml and .yaml)`);
  }
}
