import { resolve } from 'node:path';
import { inferDialectFromPath } from '../../dialects/infer-dialect.js';
import { loadConfigSpec, type DialectId } from '../../dialects/registry.js';
import type { LoadContext } from '../../kit/index.js';
import { assertConfigFile, lintFileGroups } from '../../lint/lint-files.js';
import type { LintFormat } from '../../lint/reporters/formats.js';
import { loadReporter } from '../../lint/reporters/index.js';
import { countSeverities } from '../../lint/reporters/report.js';
import { runLint } from '../../lint/run-lint.js';
import { loadContextOf, resolveCommon, type CommonOptionValues } from '../common-options.js';
import { readVersion } from '../version.js';

export interface LintOptions extends CommonOptionValues {
  format: LintFormat;
  maxWarnings?: number;
}

/** `hookctl lint`: exit 1 on errors or on more warnings than `--max-warnings` allows. */
export async function lint(files: readonly string[], options: LintOptions): Promise<number> {
  const common = resolveCommon(options);
  const context = loadContextOf(common);
  const forced = options.dialect === undefined ? null : common.dialectId;
  const [result, reporter] = await Promise.all([
    files.length === 0 ? loadConfigSpec(common.dialectId).then((spec) => runLint({ spec, context })) : lintNamedFiles(files, forced, common.dialectId, context),
    loadReporter(options.format),
  ]);
  const color = options.format === 'stylish' && (await import('../../lint/reporters/stylish.js')).shouldUseColor(process.stdout, process.env);
  process.stdout.write(reporter(result, { cwd: common.cwd, color, version: readVersion() }));
  const { errors, warnings } = countSeverities(result.findings);
  const maxWarnings = options.maxWarnings ?? Infinity;
  if (warnings > maxWarnings) process.stderr.write(`hookctl: too many warnings (${warnings}; --max-warnings allows ${maxWarnings})\n`);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/** Each named file in its own dialect (`--dialect` for all, else inferred from its path, else the fallback). */
async function lintNamedFiles(files: readonly string[], forced: DialectId | null, fallback: DialectId, context: LoadContext) {
  const byDialect = new Map<DialectId, string[]>();
  for (const file of files) {
    const path = resolve(context.cwd, file);
    assertConfigFile(file, path);
    const id = forced ?? inferDialectFromPath(path) ?? fallback;
    byDialect.set(id, [...(byDialect.get(id) ?? []), path]);
  }
  const groups = await Promise.all([...byDialect].map(async ([id, paths]) => ({ spec: await loadConfigSpec(id), paths })));
  return lintFileGroups(groups, context);
}
