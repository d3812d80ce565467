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

SARIF (--format sarif): columns are UTF-16 code units (columnKind "utf16CodeUnits"). Each result's
partialFingerprints["hookctlFindingHash/v1"] is sha256 of the rule id, the file's URI and the text
of the finding's line (whitespace collapsed; the message where there is no line), plus ":<n>" for
repeats in file order: the same across runs and when lines are added above, so code scanning keeps
an alert and its dismissal.

Examples:
  $ hookctl lint                                   # every layer of the detected dialect
  $ hookctl lint .octo/hooks.yml --max-warnings 0
  $ hookctl lint --format json | jq '.errorCount'

  # pre-commit (.pre-commit-config.yaml): this repository as the hook repository, at a release
  # tag (release commits carry the built dist/; a source commit has nothing to run)
  - repo: https://github.com/<owner>/hookctl
    rev: v0.1.0
    hooks:
      - id: hookctl-lint

  # pre-commit, local hook, with hookctl installed in the project (npm i -D hookctl)
  - repo: local
    hooks:
      - id: hookctl-lint
        name: hookctl lint
        language: system
        entry: npx --no hookctl lint
        pass_filenames: false
        files: (^|/)\\.(openinterpreter|octo)/

  # pre-commit, local hook, hookctl installed by pre-commit from the npm registry
  - repo: local
    hooks:
      - id: hookctl-lint
        name: hookctl lint
        language: node
        additional_dependencies: ['hookctl@0.1.0']
        entry: hookctl lint
        pass_filenames: false
        files: (^|/)\\.(openinterpreter|octo)/

  # GitHub Actions: lint, upload SARIF to code scanning, fail on errors (action.yml)
  - uses: <owner>/hookctl@v0.1.0`,
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
