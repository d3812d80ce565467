import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { inferDialectFromPath } from '../../dialects/infer-dialect.js';
import { loadConfigSpec, type DialectId } from '../../dialects/registry.js';
import type { LoadContext } from '../../kit/index.js';
import { LINT_FORMATS, type LintFormat } from '../../lint/reporters/formats.js';
import { addCommonOptions, loadContextOf, resolveCommon, type CommonOptionValues } from '../common-options.js';

interface LintOptions extends CommonOptionValues {
  format: LintFormat;
  maxWarnings?: number;
}

export function registerLint(program: Command): void {
  addCommonOptions(
    program
      .command('lint')
      .description('check hook config files: every discovered layer, or only the files given')
      .argument('[files...]', 'config files to check (dialect inferred from each path); default: every discovered layer')
      .addOption(new Option('--format <format>', 'output format').choices([...LINT_FORMATS]).default('stylish'))
      .option('--max-warnings <n>', 'also fail when there are more than n warnings', parseWarningLimit),
  )
    .addHelpText(
      'after',
      `
Exit status: 0 when there are no errors (and no more warnings than --max-warnings),
1 when there are, 2 on usage errors (unknown format, missing file).

Examples:
  $ hookctl lint                                   # every layer of the detected dialect
  $ hookctl lint .octo/hooks.yml --max-warnings 0
  $ hookctl lint --format json | jq '.errorCount'

  # pre-commit (.pre-commit-config.yaml)
  - repo: local
    hooks:
      - id: hookctl-lint
        name: hookctl lint
        language: system
        entry: npx hookctl lint
        pass_filenames: false
        files: (^|/)(\\.openinterpreter/(hooks\\.json|config\\.toml)|\\.octo/hooks\\.ya?ml)$

  # GitHub Actions: code scanning with SARIF, then inline annotations (fails on errors)
  - run: npx hookctl lint --format sarif > hookctl.sarif || true
  - uses: github/codeql-action/upload-sarif@v3
    if: always()
    with: { sarif_file: hookctl.sarif }
  - run: npx hookctl lint --format github`,
    )
    .action(async (files: string[], options: LintOptions) => {
      process.exitCode = await lint(files, options);
    });
}

/** Each named file in its own dialect (`--dialect` for all, else inferred from its path, else the fallback). */
async function lintNamedFiles(files: readonly string[], forced: DialectId | null, fallback: DialectId, context: LoadContext) {
  const { assertConfigFile, lintFileGroups } = await import('../../lint/lint-files.js');
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

function parseWarningLimit(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number of warnings (0 or more).');
  return Number(value);
}

async function lint(files: readonly string[], options: LintOptions): Promise<number> {
  const common = resolveCommon(options);
  const [{ loadReporter }, { countSeverities }, { readVersion }] = await Promise.all([
    import('../../lint/reporters/index.js'),
    import('../../lint/reporters/report.js'),
    import('../version.js'),
  ]);
  const context = loadContextOf(common);
  const forced = options.dialect === undefined ? null : common.dialectId;
  const [result, reporter] = await Promise.all([
    files.length === 0
      ? Promise.all([import('../../lint/run-lint.js'), loadConfigSpec(common.dialectId)]).then(([{ runLint }, spec]) => runLint({ spec, context }))
      : lintNamedFiles(files, forced ?? null, common.dialectId, context),
    loadReporter(options.format),
  ]);
  const color = options.format === 'stylish' && (await import('../../lint/reporters/stylish.js')).shouldUseColor(process.stdout, process.env);
  process.stdout.write(reporter(result, { cwd: common.cwd, color, version: readVersion() }));
  const { errors, warnings } = countSeverities(result.findings);
  const maxWarnings = options.maxWarnings ?? Infinity;
  if (warnings > maxWarnings) process.stderr.write(`hookctl: too many warnings (${warnings}; --max-warnings allows ${maxWarnings})\n`);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}
