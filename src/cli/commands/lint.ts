import { InvalidArgumentError, Option, type Command } from 'commander';
import { preCommitFilesPattern } from '../../dialects/repository-files.js';
import { LINT_FORMATS } from '../../lint/reporters/formats.js';
import { MAX_WALK_ENTRIES } from '../../lint/repository-patterns.js';
import type { LintOptions } from '../actions/lint.js';
import { DEFAULT_DIALECT } from '../../dialects/registry.js';
import { addAgentVersionOption } from '../agent-notes.js';
import { addCommonOptions } from '../common-options.js';
import { agentName, exampleDialect, projectConfigFile } from '../dialect-facts.js';

export function registerLint(program: Command): void {
  addAgentVersionOption(
    addCommonOptions(
      program
        .command('lint')
        .description("check hook config files: every one in the repository, only the files given, or an agent's layers (--effective)")
        .argument(
          '[files...]',
          'config files to check, each in its own dialect (inferred from its path); default: every hook config file in the repository',
        )
        .addOption(new Option('--format <format>', 'output format').choices([...LINT_FORMATS]).default('stylish'))
        .option('--max-warnings <n>', 'also fail when there are more than n warnings', parseWarningLimit)
        .option(
          '--rule <id=level>',
          'set a rule to off, info, warn or error for this run, over hookctl.config.json (repeatable)',
          (value: string, previous: string[] = []) => [...previous, value],
        )
        .option(
          '--effective',
          'check the layers an agent started in --cwd loads instead (managed, user, project walk, plugins) ' +
            'for the detected dialect or --dialect',
        ),
    ),
  )
    // A function: the examples are made from the manifests only when help is shown, not on every lint.
    .addHelpText('after', () => lintHelp())
    .action(async (files: string[], options: LintOptions) => {
      const { lint } = await import('../actions/lint.js');
      process.exitCode = await lint(files, options);
    });
}

function parseWarningLimit(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number of warnings (0 or more).');
  return Number(value);
}

/** The text after `lint --help`: examples in the default dialect, one other and one named agent. */
function lintHelp(): string {
  /** A config file of the default dialect in a monorepo package, the running example of path handling. */
  const NESTED = `packages/app/${projectConfigFile(DEFAULT_DIALECT)}`;
  /** A non-default dialect, and one whose agent has a product name, for the examples. */
  const OTHER = exampleDialect();
  const NAMED = exampleDialect((facts) => facts.manifest.agentName !== undefined);
  return `
What is checked:
  (no files)    every hook config file of every dialect in the git repository holding --cwd, at
                any depth (${NESTED} too): tracked files and
                untracked ones that are not ignored; node_modules, ignored directories and
                submodules are never entered. Nothing outside the repository: not ~/.<agent>/,
                not /etc, not a symbolic link's target outside it (a note on stderr names the
                link). With --dialect, only that dialect's files. Outside a git repository,
                the tree under --cwd, without ignore rules, skipping node_modules and hidden
                directories other than the agents' own, up to ${MAX_WALK_ENTRIES} entries (a note on stderr
                says when it stopped early): the same question as in a repository (what this
                project holds, not the user's own files), only without ignore rules. A hook
                file no agent reads (another agent's file name in an agent's config directory,
                a plugin's hooks file with no manifest beside it) is an unread-file finding.
  files...      just those files, each in its own dialect (--dialect: all in that one).
  --effective   what \`hookctl list\` and \`dry-run\` load: the config layers an agent started in
                --cwd reads, including the user's (--home) and the managed file (--managed).
                Where the installed agent (its --version, from PATH; or --agent-version
                <dialect>=<version>) is older than the release hookctl is proven against, the
                features it does not have yet are findings (agent-version-since).
Files of one layer (one config directory) are checked together, so rules that compare files
(both-representations, duplicate-id) see them; how layers combine is what --effective checks.
A relative script path resolves in the directory that holds the file's config directory
(packages/app/ for ${NESTED}); with --effective, in --cwd.

Paths: every reported path is relative to the repository root (outside a repository, to --cwd),
whatever the cwd: run from packages/app, a finding names ${NESTED},
as GitHub annotations and code scanning expect. Files outside the repository keep their absolute
path. SARIF gives repository paths relative to %SRCROOT%, the root, under originalUriBaseIds.

Stylish rows wrap to the terminal's width, or to $COLUMNS when set; written to a pipe or a file
without COLUMNS, each finding stays on one line (for grep).

Rule settings: hookctl.config.json at the repository root ({ "rules": { "<rule-id>": "off" } },
levels off, info, warn, error), or the same object under "hookctl" in its package.json (not both);
--rule id=level overrides either. An unknown rule id or level is a usage error with a suggestion.
In YAML and TOML files, "# hookctl-ignore <rule-id>[, <rule-id>…]" on a finding's line or alone on
the line above silences that rule there; in settings read as JSON with comments, "// hookctl-ignore …"
does the same (strict JSON hook files allow no comments: use the settings file or --rule).

Exit status: 0 when there are no errors (and no more warnings than --max-warnings),
1 when there are, 2 on usage errors (unknown format, missing file).

SARIF (--format sarif): columns are UTF-16 code units (columnKind "utf16CodeUnits"). Each result's
partialFingerprints["hookctlFindingHash/v1"] is sha256 of the rule id, the file's URI and the text
of the finding's line (whitespace collapsed; the message where there is no line), plus ":<n>" for
repeats in file order: the same across runs and when lines are added above, so code scanning keeps
an alert and its dismissal.

Examples:
  $ hookctl lint                                   # every hook config in the repository
  $ hookctl lint --effective --dialect ${OTHER}        # what ${OTHER} loads when started here
  $ hookctl lint ${projectConfigFile(OTHER)} --max-warnings 0
  $ hookctl lint ${projectConfigFile(NAMED)}             # ${agentName(NAMED)} settings (${NAMED})
  $ hookctl lint --format json | jq '.errorCount'
  $ hookctl lint --rule cwd-relative-script=error --rule slow-launcher=off

  # pre-commit (.pre-commit-config.yaml): this repository as the hook repository, at a release
  # tag (release commits carry the built dist/; a source commit has nothing to run)
  - repo: https://github.com/hookctl/hookctl
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
        files: ${preCommitFilesPattern()}

  # pre-commit, local hook, hookctl installed by pre-commit from the npm registry
  - repo: local
    hooks:
      - id: hookctl-lint
        name: hookctl lint
        language: node
        additional_dependencies: ['hookctl@0.1.0']
        entry: hookctl lint
        pass_filenames: false
        files: ${preCommitFilesPattern()}

  # GitHub Actions: lint, upload SARIF to code scanning, fail on errors (action.yml)
  - uses: hookctl/hookctl@v0.1.0`;
}
