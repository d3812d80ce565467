import { InvalidArgumentError, Option, type Command } from 'commander';
import { LINT_FORMATS } from '../../lint/reporters/formats.js';
import type { LintOptions } from '../actions/lint.js';
import { addCommonOptions } from '../common-options.js';

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
      const { lint } = await import('../actions/lint.js');
      process.exitCode = await lint(files, options);
    });
}

function parseWarningLimit(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number of warnings (0 or more).');
  return Number(value);
}
