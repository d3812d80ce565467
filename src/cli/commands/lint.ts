import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { DialectId } from '../../dialects/registry.js';
import { UsageError } from '../../errors.js';
import type { Finding } from '../../lint/finding.js';
import { LINT_FORMATS, type LintFormat } from '../../lint/reporters/formats.js';
import type { RuleMeta } from '../../lint/rule.js';
import type { LintResult } from '../../lint/run-lint.js';
import { addCommonOptions, resolveCommon, type CommonContext, type CommonOptionValues } from '../common-options.js';

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

  # GitHub Actions: inline annotations, or code scanning with SARIF
  - run: npx hookctl lint --format github
  - run: npx hookctl lint --format sarif > hookctl.sarif
  - uses: github/codeql-action/upload-sarif@v3
    with: { sarif_file: hookctl.sarif }`,
    )
    .action(async (files: string[], options: LintOptions) => {
      process.exitCode = await lint(files, options);
    });
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
  const [result, reporter] = await Promise.all([
    lintByDialect(files, options.dialect === undefined ? null : common.dialectId, common),
    loadReporter(options.format),
  ]);
  const color = options.format === 'stylish' && (await import('../../lint/reporters/stylish.js')).shouldUseColor(process.stdout, process.env);
  process.stdout.write(reporter(result, { cwd: common.cwd, color, version: readVersion() }));
  const { errors, warnings } = countSeverities(result.findings);
  const maxWarnings = options.maxWarnings ?? Infinity;
  if (warnings > maxWarnings) process.stderr.write(`hookctl: too many warnings (${warnings}; --max-warnings allows ${maxWarnings})\n`);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/**
 * Lints every discovered layer of the dialect, or the given files grouped by dialect: `--dialect`
 * for all of them, else each file's own (inferred from its path), else the detected one.
 */
async function lintByDialect(files: readonly string[], forced: DialectId | null, common: CommonContext): Promise<LintResult> {
  const { runLint } = await import('../../lint/run-lint.js');
  const context = { cwd: common.cwd, home: common.home, env: process.env, ...(common.managedConfigPath ? { managedConfigPath: common.managedConfigPath } : {}) };
  if (files.length === 0) return runLint({ dialect: common.dialectId, context });
  const { inferDialectFromPath } = await import('../../lint/infer-dialect.js');
  const groups = new Map<DialectId, string[]>();
  for (const file of files) {
    const path = resolve(file);
    assertReadableFile(file, path);
    const id = forced ?? inferDialectFromPath(path) ?? common.dialectId;
    groups.set(id, [...(groups.get(id) ?? []), path]);
  }
  const findings: Finding[] = [];
  const rules = new Map<string, RuleMeta>();
  for (const [id, paths] of groups) {
    const result = await runLint({ dialect: id, context, files: paths });
    findings.push(...result.findings);
    for (const rule of result.rules) rules.set(rule.id, rule);
  }
  return { findings, rules: [...rules.values()] };
}

function assertReadableFile(file: string, path: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new UsageError(`${file}: no such file`);
  }
  if (!isFile) throw new UsageError(`${file}: not a file (give config files, or no arguments to lint every layer)`);
}
