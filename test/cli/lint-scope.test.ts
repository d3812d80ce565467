// What `hookctl lint` checks and how it names files (issue 13): the real binary in real git
// repositories with nested packages, ignored folders, node_modules and a HOME holding broken configs.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';
import { repositoryFilesOf } from '../../src/dialects/repository-files.js';
import { cleanEnv } from '../helpers/release-repo.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const CLEAN_JSON = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] } }\n';
const BROKEN_JSON = '{\n  "hooks": {\n    "PreToolUze": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]\n  }\n}\n';
const BROKEN_YAML = 'hooks:\n  PreToolUze:\n    - command: echo hi\n';
// An unknown openinterpreter event is a warning (its Codex runtime skips it); an invalid regex stays an error.
const OI_BROKEN_JSON =
  '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "Bash(", "hooks": [{ "type": "command", "command": "echo hi" }] }]\n  }\n}\n';
const OI_INVALID = 'matcher "Bash(" is not a valid regular expression (unclosed group); the hooks of this group never run';
const OCTO_UNKNOWN = 'unknown octo event "PreToolUze"; did you mean "PreToolUse"?';

interface Sandbox {
  /** The git repository (or plain directory): `repo/`. */
  repo: string;
  /** HOME for the run: `home/`. */
  home: string;
  write(path: string, content: string, options?: { executable?: boolean }): string;
  git(...args: string[]): string;
  lint(args?: readonly string[], options?: { cwd?: string; env?: Record<string, string> }): Promise<CliResult>;
}

const created: string[] = [];
afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `repo/` (a fresh `git init` unless `git: false`) and `home/` in a temp dir; paths given relative to it. */
function sandbox({ git = true } = {}): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-scope-'));
  created.push(root);
  const repo = join(root, 'repo');
  const home = join(root, 'home');
  mkdirSync(repo);
  mkdirSync(home);
  const env = cleanEnv({ HOME: home });
  const box: Sandbox = {
    repo,
    home,
    write(path, content, options = {}) {
      const full = join(root, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      if (options.executable) chmodSync(full, 0o755);
      return full;
    },
    git: (...args) => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8' }),
    // HOME, not --home: the user's configs are found the way they are on a real machine.
    lint: (args = [], options = {}) => runCli(['lint', ...args], { cwd: options.cwd ?? repo, env: { ...env, ...options.env } }),
  };
  if (git) box.git('init', '--quiet', '--initial-branch=main');
  return box;
}

interface JsonReport {
  findings: { ruleId: string; file: string; line: number; column: number; message: string }[];
}

const filesOf = (result: CliResult) =>
  (JSON.parse(result.stdout) as JsonReport).findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`);

describe('hookctl lint with no files, in a git repository', () => {
  it('checks every dialect: a broken .octo/hooks.yml beside a clean .openinterpreter/ fails', async () => {
    const box = sandbox();
    box.write('repo/.openinterpreter/hooks.json', CLEAN_JSON);
    box.write('repo/.octo/hooks.yml', BROKEN_YAML);
    const result = await box.lint();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`.octo/hooks.yml\n  2:3  error  ${OCTO_UNKNOWN}  unknown-event\n\n✖ 1 problem (1 error, 0 warnings)\n`);
    expect(result.stderr).toBe('');
  });

  it('checks nested configs at any depth, each in its own dialect', async () => {
    const box = sandbox();
    box.write('repo/packages/app/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/packages/app/.openinterpreter/config.toml', '[hooks]\nPreToolUze = []\n');
    box.write('repo/services/api/worker/.octo/hooks.yml', BROKEN_YAML);
    const result = await box.lint(['--format', 'json']);
    expect(result.code).toBe(1);
    expect(filesOf(result)).toEqual([
      'packages/app/.openinterpreter/config.toml:2:1 unknown-event',
      'packages/app/.openinterpreter/hooks.json:3:5 unknown-event',
      'services/api/worker/.octo/hooks.yml:2:3 unknown-event',
    ]);
  });

  it('lints tracked and untracked files, skips ignored paths and node_modules, and a file deleted since it was added', async () => {
    const box = sandbox();
    box.write('repo/.gitignore', 'build/\n*.local/\n');
    box.write('repo/tracked/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/gone/.openinterpreter/hooks.json', BROKEN_JSON);
    box.git('add', '--all');
    rmSync(join(box.repo, 'gone'), { recursive: true });
    box.write('repo/untracked/.octo/hooks.yml', BROKEN_YAML);
    box.write('repo/build/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/site.local/.octo/hooks.yml', BROKEN_YAML);
    // Not in .gitignore, and still never the repository's own config.
    box.write('repo/node_modules/some-tool/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/packages/app/node_modules/x/.octo/hooks.yml', BROKEN_YAML);
    const result = await box.lint(['--format', 'json']);
    expect(filesOf(result)).toEqual([
      'tracked/.openinterpreter/hooks.json:3:5 unknown-event',
      'untracked/.octo/hooks.yml:2:3 unknown-event',
    ]);
    expect(result.stderr).toBe('');
  });

  it('checks nothing outside the repository: broken configs in HOME do not fail it', async () => {
    const box = sandbox();
    box.write('home/.openinterpreter/hooks.json', '{ broken');
    box.write('home/.openinterpreter/config.toml', '[hooks\n');
    box.write('home/.octo/hooks.yml', BROKEN_YAML);
    box.write('repo/.openinterpreter/hooks.json', CLEAN_JSON);
    const result = await box.lint();
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('passes on a repository without any hook config', async () => {
    const box = sandbox();
    box.write('repo/README.md', '# app\n');
    expect(await box.lint(['--format', 'json'])).toMatchObject({ code: 0, stdout: expect.stringContaining('"findings": []') });
  });

  it('with --dialect, checks only that dialect’s files', async () => {
    const box = sandbox();
    box.write('repo/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/packages/app/.octo/hooks.yml', BROKEN_YAML);
    expect(filesOf(await box.lint(['--dialect', 'octo', '--format', 'json']))).toEqual(['packages/app/.octo/hooks.yml:2:3 unknown-event']);
    expect(filesOf(await box.lint(['--dialect', 'openinterpreter', '--format', 'json']))).toEqual([
      '.openinterpreter/hooks.json:3:5 unknown-event',
    ]);
  });

  it('reads no file outside the repository through a symbolic link, and says so; links inside it are linted', async () => {
    const box = sandbox();
    const secret = box.write('home/secrets.env', 'TOKEN=hunter2-very-secret\n');
    box.write('repo/shared/hooks.yml', BROKEN_YAML);
    mkdirSync(join(box.repo, '.openinterpreter'));
    symlinkSync(secret, join(box.repo, '.openinterpreter/hooks.json'));
    mkdirSync(join(box.repo, 'packages/app/.octo'), { recursive: true });
    symlinkSync('../../../shared/hooks.yml', join(box.repo, 'packages/app/.octo/hooks.yml'));
    box.git('add', '--all');
    const result = await box.lint(['--format', 'json']);
    expect(result.stdout + result.stderr).not.toContain('hunter2');
    expect(filesOf(result)).toEqual(['packages/app/.octo/hooks.yml:2:3 unknown-event']);
    expect(result.stderr).toBe(
      `hookctl: not reading .openinterpreter/hooks.json: it is a symbolic link to ${secret}, outside ${box.repo}\n`,
    );
  });

  it('shows directory names from the repository with control and bidirectional characters escaped', async () => {
    const box = sandbox();
    box.write('repo/pkg\u202etxt.exe/.octo/hooks.yml', BROKEN_YAML);
    const outside = box.write('home/elsewhere.yml', BROKEN_YAML);
    mkdirSync(join(box.repo, 'red\u001b[31m/.octo'), { recursive: true });
    symlinkSync(outside, join(box.repo, 'red\u001b[31m/.octo/hooks.yml'));
    const result = await box.lint();
    expect(result.stdout.split('\n')[0]).toBe('pkg\\u202etxt.exe/.octo/hooks.yml');
    expect(result.stderr).toBe(
      `hookctl: not reading red\\x1b[31m/.octo/hooks.yml: it is a symbolic link to ${outside}, outside ${box.repo}\n`,
    );
    expect(result.stdout + result.stderr).not.toMatch(/[\u001b\u202e]/);
  });

  it('reports a dangling symbolic link as a file that cannot be read', async () => {
    const box = sandbox();
    mkdirSync(join(box.repo, '.octo'));
    symlinkSync('missing.yml', join(box.repo, '.octo/hooks.yml'));
    const result = await box.lint(['--format', 'json']);
    expect(result.code).toBe(1);
    expect(filesOf(result)).toEqual(['.octo/hooks.yml:1:1 parse-error']);
  });

  it('does not enter submodules or nested repositories (their own lint does)', async () => {
    const box = sandbox();
    box.write('repo/vendor/lib/.octo/hooks.yml', BROKEN_YAML);
    execFileSync('git', ['init', '--quiet'], { cwd: join(box.repo, 'vendor/lib') });
    box.write('repo/.octo/hooks.yml', BROKEN_YAML);
    expect(filesOf(await box.lint(['--format', 'json']))).toEqual(['.octo/hooks.yml:2:3 unknown-event']);
  });
});

describe('every dialect in the registry', () => {
  it('has each of its repository files found, at the root and nested, with no code of its own in the scan', async () => {
    const box = sandbox();
    const expected = new Set<string>();
    for (const id of DIALECT_IDS) {
      for (const file of repositoryFilesOf(manifestOf(id))) {
        for (const anchor of ['', 'packages/p/']) {
          for (const marker of file.markers ?? []) box.write(`repo/${anchor}${marker}`, '{}\n');
          const path = `${anchor}${file.path.replaceAll('*', 'sample')}`;
          box.write(`repo/${path}`, '{}\n');
          expected.add(path);
        }
      }
    }
    const report = JSON.parse((await box.lint(['--format', 'json'])).stdout) as { files: string[] };
    expect([...report.files].sort()).toEqual([...expected].sort());
  });
});

describe('cross-file rules and scripts in a repository scan', () => {
  it('compare the files of one layer, and not the layers of unrelated packages', async () => {
    const box = sandbox();
    const handler = (id: string) => `{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo a", "id": "${id}" }] }] } }\n`;
    box.write('repo/packages/a/.openinterpreter/hooks.json', handler('notify'));
    box.write(
      'repo/packages/a/.openinterpreter/config.toml',
      '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo b"\nid = "notify"\n',
    );
    box.write('repo/packages/b/.openinterpreter/hooks.json', handler('notify'));
    const result = await box.lint(['--format', 'json']);
    const findings = (JSON.parse(result.stdout) as JsonReport).findings;
    expect(findings.map((f) => [f.file, f.line, f.column, f.ruleId, f.message])).toEqual([
      [
        'packages/a/.openinterpreter/config.toml',
        1,
        3,
        'both-representations',
        'loading hooks from both packages/a/.openinterpreter/hooks.json and packages/a/.openinterpreter/config.toml; ' +
          'prefer a single representation for this layer',
      ],
      [
        'packages/a/.openinterpreter/config.toml',
        5,
        6,
        'duplicate-id',
        expect.stringMatching(/^id "notify" is already declared at packages\/a\/\.openinterpreter\/hooks\.json:1:\d+;/),
      ],
    ]);
  });

  it('resolve a relative script in the project the config directory belongs to, from any cwd', async () => {
    const box = sandbox();
    const config = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "./scripts/notify.sh" }] }] } }\n';
    box.write('repo/packages/app/.openinterpreter/hooks.json', config);
    box.write('repo/packages/app/scripts/notify.sh', '#!/bin/sh\n', { executable: true });
    box.write('repo/packages/web/.openinterpreter/hooks.json', config);
    const expected = [
      [
        'packages/web/.openinterpreter/hooks.json',
        'missing-script',
        'the command runs "./scripts/notify.sh", which does not exist (looked for packages/web/scripts/notify.sh)',
      ],
    ];
    for (const cwd of [box.repo, join(box.repo, 'packages/app'), join(box.repo, 'packages/web')]) {
      const findings = (JSON.parse((await box.lint(['--format', 'json'], { cwd })).stdout) as JsonReport).findings;
      // Both commands are also cwd-relative-script warnings (test/lint covers those); this test is about where the script is looked for.
      expect(
        findings.filter((f) => f.ruleId !== 'cwd-relative-script').map((f) => [f.file, f.ruleId, f.message]),
        cwd,
      ).toEqual(expected);
    }
    // Named the way pre-commit names them: the same place.
    const named = await box.lint([
      '--format',
      'json',
      'packages/app/.openinterpreter/hooks.json',
      'packages/web/.openinterpreter/hooks.json',
    ]);
    const namedFindings = (JSON.parse(named.stdout) as JsonReport).findings.filter((f) => f.ruleId !== 'cwd-relative-script');
    expect(namedFindings.map((f) => [f.file, f.ruleId, f.message])).toEqual(expected);
  });
});

describe('reported paths are relative to the repository root, whatever the cwd', () => {
  /** A repository with one broken nested config, linted from its root and from `packages/app`. */
  async function fromRootAndPackage(format: string) {
    const box = sandbox();
    box.write('repo/packages/app/.openinterpreter/hooks.json', OI_BROKEN_JSON);
    const fromRoot = await box.lint(['--format', format]);
    const fromPackage = await box.lint(['--format', format], { cwd: join(box.repo, 'packages/app') });
    expect(fromRoot.code).toBe(1);
    expect(fromPackage).toEqual(fromRoot);
    return { box, output: fromPackage.stdout };
  }

  it('stylish', async () => {
    const { output } = await fromRootAndPackage('stylish');
    expect(output).toBe(
      `packages/app/.openinterpreter/hooks.json\n  3:33  error  ${OI_INVALID}  invalid-matcher\n\n✖ 1 problem (1 error, 0 warnings)\n`,
    );
  });

  it('json', async () => {
    const { output } = await fromRootAndPackage('json');
    expect(JSON.parse(output)).toEqual({
      findings: [
        {
          ruleId: 'invalid-matcher',
          severity: 'error',
          message: OI_INVALID,
          file: 'packages/app/.openinterpreter/hooks.json',
          line: 3,
          column: 33,
        },
      ],
      errorCount: 1,
      warningCount: 0,
      files: ['packages/app/.openinterpreter/hooks.json'],
    });
  });

  it('github', async () => {
    const { output } = await fromRootAndPackage('github');
    expect(output).toBe(`::error file=packages/app/.openinterpreter/hooks.json,line=3,col=33,title=invalid-matcher::${OI_INVALID}\n`);
  });

  it('sarif: uri relative to %SRCROOT%, the repository root; the same fingerprint from either cwd', async () => {
    const { box, output } = await fromRootAndPackage('sarif');
    const run = JSON.parse(output).runs[0];
    expect(run.originalUriBaseIds).toEqual({
      '%SRCROOT%': { uri: pathToFileURL(`${box.repo}/`).href, description: { text: 'The repository root.' } },
    });
    expect(
      run.results.map(
        (r: { locations: { physicalLocation: { artifactLocation: unknown } }[] }) => r.locations[0]!.physicalLocation.artifactLocation,
      ),
    ).toEqual([{ uri: 'packages/app/.openinterpreter/hooks.json', uriBaseId: '%SRCROOT%' }]);
  });

  it('a named file outside the repository keeps its absolute path (SARIF: a file: URI without a base)', async () => {
    const box = sandbox();
    const user = box.write('home/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/packages/app/.octo/hooks.yml', BROKEN_YAML);
    const cwd = join(box.repo, 'packages/app');
    const json = await box.lint(['--format', 'json', user, '.octo/hooks.yml'], { cwd });
    expect(filesOf(json)).toEqual([`${user}:3:5 unknown-event`, 'packages/app/.octo/hooks.yml:2:3 unknown-event']);
    const sarif = JSON.parse((await box.lint(['--format', 'sarif', user], { cwd })).stdout);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: pathToFileURL(user).href });
  });
});

describe('hookctl lint --effective', () => {
  it('checks the layers an agent started in the cwd loads: the user’s own, the walk from the root, not sibling packages', async () => {
    const box = sandbox();
    const user = box.write('home/.openinterpreter/hooks.json', '{ broken');
    box.write('repo/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/packages/app/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/packages/web/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/packages/app/.octo/hooks.yml', BROKEN_YAML);
    const managed = ['--managed', join(box.home, 'no-requirements.toml')];
    const result = await box.lint(['--effective', '--dialect', 'openinterpreter', '--format', 'json', ...managed], {
      cwd: join(box.repo, 'packages/app'),
    });
    expect(result.code).toBe(1);
    expect(filesOf(result)).toEqual([
      `${user}:1:3 parse-error`,
      '.openinterpreter/hooks.json:3:5 unknown-event',
      'packages/app/.openinterpreter/hooks.json:3:5 unknown-event',
    ]);
  });

  it('refuses files (exit 2): it checks what the agent loads, not a list', async () => {
    const box = sandbox();
    box.write('repo/.octo/hooks.yml', BROKEN_YAML);
    const result = await box.lint(['--effective', '.octo/hooks.yml']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^hookctl: --effective lints the layers an agent started in the cwd loads; give it no files/);
  });
});

describe('hookctl lint with no files, outside a git repository', () => {
  it('checks the tree under the cwd, skipping node_modules and hidden directories other than the agents’', async () => {
    const box = sandbox({ git: false });
    box.write('home/.octo/hooks.yml', BROKEN_YAML);
    box.write('repo/.octo/hooks.yml', BROKEN_YAML);
    box.write('repo/tools/lint/.openinterpreter/hooks.json', BROKEN_JSON);
    box.write('repo/.cache/copy/.octo/hooks.yml', BROKEN_YAML);
    box.write('repo/node_modules/x/.octo/hooks.yml', BROKEN_YAML);
    const result = await box.lint(['--format', 'json']);
    expect(filesOf(result)).toEqual(['.octo/hooks.yml:2:3 unknown-event', 'tools/lint/.openinterpreter/hooks.json:3:5 unknown-event']);
    expect(result.stderr).toBe('');
    // From a subdirectory: only its tree, paths relative to it.
    expect(filesOf(await box.lint(['--format', 'json'], { cwd: join(box.repo, 'tools') }))).toEqual([
      'lint/.openinterpreter/hooks.json:3:5 unknown-event',
    ]);
  });

  it('does not follow a symbolic link loop, and says when it stopped early at the depth bound', async () => {
    const box = sandbox({ git: false });
    box.write('repo/.octo/hooks.yml', BROKEN_YAML);
    symlinkSync('..', join(box.repo, '.octo', 'loop'));
    symlinkSync('.', join(box.repo, 'self'));
    const deep = `repo/${Array.from({ length: 13 }, (_, i) => `d${i}`).join('/')}/.octo/hooks.yml`;
    box.write(deep, BROKEN_YAML);
    const result = await box.lint(['--format', 'json']);
    expect(filesOf(result)).toEqual(['.octo/hooks.yml:2:3 unknown-event']);
    expect(result.stderr).toBe(
      `hookctl: stopped looking for hook config files after 50000 entries or 12 levels under ${box.repo}; ` +
        'name the files to lint, or run in a git repository\n',
    );
  });

  it('a FIFO at a config file path is reported (read without blocking), never skipped in silence', async () => {
    const box = sandbox({ git: false });
    mkdirSync(join(box.repo, '.octo'), { recursive: true });
    execFileSync('mkfifo', [join(box.repo, '.octo', 'hooks.yml')]);
    const result = await box.lint(['--format', 'json']);
    expect(result.code).toBe(1);
    expect(filesOf(result)).toEqual(['.octo/hooks.yml:1:1 parse-error']);
  });

  it('walks the repository when git cannot list it, and says so', async () => {
    const box = sandbox();
    box.write('repo/.gitignore', 'build/\n');
    box.write('repo/packages/app/.octo/hooks.yml', BROKEN_YAML);
    // No git on PATH (node is started by absolute path): .gitignore cannot be applied.
    const result = await box.lint(['--format', 'json'], { cwd: join(box.repo, 'packages'), env: { PATH: join(box.home, 'empty-bin') } });
    expect(filesOf(result)).toEqual(['packages/app/.octo/hooks.yml:2:3 unknown-event']);
    expect(result.stderr).toBe(
      `hookctl: git could not list the files of ${box.repo} (git is not installed); ` +
        'searched the directory tree without .gitignore instead\n',
    );
  });
});
