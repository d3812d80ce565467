// The pre-commit hook for real: Debian's `pre-commit` (installed by .ci/run) in fresh git
// repositories, with the configurations docs/cli.md shows (rendered from `hookctl lint --help`):
// this repository as a remote hook repository at its release commit, and the two `repo: local`
// set-ups. pre-commit installs hookctl itself; npm gets every package from a registry on 127.0.0.1
// serving node_modules (test/helpers/local-registry.ts), with an empty cache.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';
import { preCommitFilesPattern, repositoryFilesOf } from '../../src/dialects/repository-files.js';
import { startLocalRegistry, type LocalRegistry } from '../helpers/local-registry.js';
import { hasTool } from '../helpers/require-tool.js';
import { cleanEnv, describeRun, makeReleaseRepo, REPO, run, type Ran, type ReleaseRepo } from '../helpers/release-repo.js';

const SETUP_TIMEOUT_MS = 180_000;
const RUN_TIMEOUT_MS = 240_000;

const CLEAN = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }, null, 2);
const BROKEN = JSON.stringify({ hooks: { PreToolUze: [{ matcher: 'Bash(', hooks: [{ type: 'command', command: 'echo hi' }] }] } }, null, 2);

interface RepoEntry {
  repo: string;
  rev?: string;
  hooks: Record<string, unknown>[];
}

/** The pre-commit snippets of `hookctl lint --help`, as docs/cli.md renders them: each a list of repo entries. */
function documentedConfigs(): { comment: string; repos: RepoEntry[] }[] {
  const doc = readFileSync(join(REPO, 'docs/cli.md'), 'utf8');
  const lintSection = doc.slice(doc.indexOf('## hookctl lint'), doc.indexOf('## hookctl dry-run'));
  const chunks = lintSection.split(/\n(?= {2}# )/).filter((chunk) => chunk.includes('- repo:'));
  return chunks.map((chunk) => {
    const lines = chunk.split('\n');
    const comment = lines.filter((line) => line.startsWith('  # ')).join(' ');
    const yamlText = lines
      .filter((line) => !line.startsWith('  # ') && !line.startsWith('```'))
      .map((line) => line.slice(2))
      .join('\n');
    return { comment, repos: parse(yamlText) as RepoEntry[] };
  });
}

// The suites that drive pre-commit itself need it on PATH; without it they are skipped with one line saying so.
const PRE_COMMIT = hasTool('pre-commit', import.meta.filename);

let root: string;
let registry: LocalRegistry;
let release: ReleaseRepo;
let env: Record<string, string>;
let tarball: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hookctl-pre-commit-'));
  release = makeReleaseRepo(root);
  mkdirSync(join(root, 'home'));
  registry = await startLocalRegistry(join(REPO, 'node_modules'), join(root, 'published/node_modules'));
  env = cleanEnv({
    HOME: join(root, 'home'),
    PRE_COMMIT_HOME: join(root, 'pre-commit-cache'),
    npm_config_cache: join(root, 'npm-cache'),
    npm_config_registry: registry.url,
  });
  // The release as the registry would serve it once published (for `additional_dependencies`).
  const packed = await run('npm', ['pack', '--pack-destination', root], release.dir, env);
  if (packed.code !== 0) throw new Error(describeRun('npm pack', packed));
  tarball = join(root, packed.stdout.trim());
  mkdirSync(join(root, 'published'));
  writeFileSync(join(root, 'published/package.json'), '{ "private": true }\n');
  const published = await run('npm', ['install', tarball], join(root, 'published'), env);
  if (published.code !== 0) throw new Error(describeRun('npm install <tarball>', published));
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await registry?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

let projects = 0;

/** A fresh git repository with `.pre-commit-config.yaml` holding `repos`, committed. */
function gitProject(repos: RepoEntry[]): string {
  const dir = join(root, `project-${++projects}`);
  mkdirSync(dir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  writeFileSync(join(dir, '.pre-commit-config.yaml'), stringify({ repos }));
  writeFileSync(join(dir, 'README.md'), '# app\n');
  git('add', '--all');
  git('commit', '--quiet', '--no-verify', '--message', 'init');
  return dir;
}

function stage(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
    execFileSync('git', ['add', path], { cwd: dir, env });
  }
}

function preCommit(dir: string, ...args: string[]): Promise<Ran> {
  return run('pre-commit', args.length > 0 ? args : ['run'], dir, env, RUN_TIMEOUT_MS);
}

/** `pre-commit run` with a HOME of its own (the hook environments stay in PRE_COMMIT_HOME). */
function preCommitWithHome(dir: string, home: string): Promise<Ran> {
  return run('pre-commit', ['run'], dir, { ...env, HOME: home }, RUN_TIMEOUT_MS);
}

/** The remote snippet with this repository's release commit in place of the GitHub URL and tag. */
function remoteConfig(): RepoEntry[] {
  const remote = documentedConfigs().find((config) => config.repos[0]?.repo !== 'local');
  if (!remote) throw new Error('docs/cli.md shows no remote pre-commit configuration');
  return remote.repos.map((entry) => ({ ...entry, repo: release.dir, rev: release.commit }));
}

describe.skipIf(!PRE_COMMIT)('this repository as a remote pre-commit hook repository (repo: a clone path, rev: the release commit)', () => {
  it(
    'Passed on a clean hook config',
    async () => {
      const dir = gitProject(remoteConfig());
      stage(dir, { '.openinterpreter/hooks.json': CLEAN });
      const result = await preCommit(dir);
      expect(result.code, describeRun('pre-commit run', result)).toBe(0);
      expect(result.stdout).toMatch(/^hookctl lint\.+Passed$/m);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'Failed with the findings on a broken one, and `git commit` is refused',
    async () => {
      const dir = gitProject(remoteConfig());
      stage(dir, { '.openinterpreter/hooks.json': BROKEN });
      const result = await preCommit(dir);
      expect(result.code, describeRun('pre-commit run', result)).toBe(1);
      expect(result.stdout).toMatch(/^hookctl lint\.+Failed$/m);
      expect(result.stdout).toContain('unknown openinterpreter event "PreToolUze"');
      expect(result.stdout).toContain('invalid-matcher');

      expect((await preCommit(dir, 'install')).code).toBe(0);
      const commit = await run('git', ['commit', '--message', 'broken hooks'], dir, env, RUN_TIMEOUT_MS);
      expect(commit.code, describeRun('git commit', commit)).toBe(1);
      expect(commit.stdout + commit.stderr).toMatch(/hookctl lint\.+Failed/);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'Skipped when no hook config changed',
    async () => {
      const dir = gitProject(remoteConfig());
      stage(dir, { 'README.md': '# app, edited\n', 'src/index.js': 'export {};\n' });
      const result = await preCommit(dir);
      expect(result.code, describeRun('pre-commit run', result)).toBe(0);
      expect(result.stdout).toMatch(/^hookctl lint\.+\(no files to check\)Skipped$/m);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'Failed on a broken .octo/hooks.yml beside a clean .openinterpreter/: every dialect is linted',
    async () => {
      const dir = gitProject(remoteConfig());
      stage(dir, { '.openinterpreter/hooks.json': CLEAN, '.octo/hooks.yml': 'hooks:\n  PreToolUze:\n    - command: echo hi\n' });
      const result = await preCommit(dir);
      expect(result.code, describeRun('pre-commit run', result)).toBe(1);
      expect(result.stdout).toMatch(/^hookctl lint\.+Failed$/m);
      expect(result.stdout).toContain(
        '.octo/hooks.yml\n  2:3  error  unknown octo event "PreToolUze"; did you mean "PreToolUse"?  unknown-event',
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'Failed on a broken nested packages/app/.openinterpreter/hooks.json, named from the repository root',
    async () => {
      const dir = gitProject(remoteConfig());
      stage(dir, { 'packages/app/.openinterpreter/hooks.json': BROKEN, 'packages/app/package.json': '{ "private": true }\n' });
      const result = await preCommit(dir);
      expect(result.code, describeRun('pre-commit run', result)).toBe(1);
      expect(result.stdout).toMatch(/^hookctl lint\.+Failed$/m);
      expect(result.stdout).toContain('packages/app/.openinterpreter/hooks.json\n');
      expect(result.stdout).toContain('unknown openinterpreter event "PreToolUze"');
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'Passed with a broken ~/.openinterpreter/hooks.json: nothing outside the repository is linted',
    async () => {
      const home = join(root, `home-broken-${++projects}`);
      mkdirSync(join(home, '.openinterpreter'), { recursive: true });
      mkdirSync(join(home, '.octo'), { recursive: true });
      writeFileSync(join(home, '.openinterpreter/hooks.json'), BROKEN);
      writeFileSync(join(home, '.octo/hooks.yml'), 'hooks:\n  PreToolUze:\n    - command: echo hi\n');
      const dir = gitProject(remoteConfig());
      stage(dir, { '.openinterpreter/hooks.json': CLEAN });
      const result = await preCommitWithHome(dir, home);
      expect(result.code, describeRun('pre-commit run', result)).toBe(0);
      expect(result.stdout).toMatch(/^hookctl lint\.+Passed$/m);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'runs on a change to an octo config too (the files: pattern covers both dialects)',
    async () => {
      const dir = gitProject(remoteConfig());
      stage(dir, { '.octo/hooks.yml': 'hooks:\n  PreToolUze:\n    - command: echo hi\n' });
      const result = await preCommit(dir);
      expect(result.code, describeRun('pre-commit run', result)).toBe(1);
      expect(result.stdout).toContain('PreToolUze');
    },
    RUN_TIMEOUT_MS,
  );
});

describe.skipIf(!PRE_COMMIT)('the repo: local set-ups of docs/cli.md', () => {
  it(
    'language: system with hookctl installed in the project: Passed, then Failed with the findings',
    async () => {
      const local = documentedConfigs().find((config) => config.repos[0]?.hooks[0]?.language === 'system');
      if (!local) throw new Error('docs/cli.md shows no `language: system` local hook');
      const dir = gitProject(local.repos);
      writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
      const install = await run('npm', ['install', '--save-dev', tarball], dir, env, RUN_TIMEOUT_MS);
      expect(install.code, describeRun('npm install -D <tarball>', install)).toBe(0);
      stage(dir, { '.openinterpreter/hooks.json': CLEAN });
      const passed = await preCommit(dir);
      expect(passed.code, describeRun('pre-commit run', passed)).toBe(0);
      expect(passed.stdout).toMatch(/^hookctl lint\.+Passed$/m);
      stage(dir, { '.openinterpreter/hooks.json': BROKEN });
      const failed = await preCommit(dir);
      expect(failed.code, describeRun('pre-commit run', failed)).toBe(1);
      expect(failed.stdout).toContain('unknown-event');
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'language: node with hookctl from the registry (additional_dependencies): Passed, then Failed',
    async () => {
      const local = documentedConfigs().find((config) => config.repos[0]?.hooks[0]?.language === 'node');
      if (!local) throw new Error('docs/cli.md shows no `language: node` local hook');
      const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
      expect(local.repos[0]!.hooks[0]!.additional_dependencies).toEqual([`hookctl@${version}`]);
      const dir = gitProject(local.repos);
      stage(dir, { '.openinterpreter/hooks.json': CLEAN });
      const passed = await preCommit(dir);
      expect(passed.code, describeRun('pre-commit run', passed)).toBe(0);
      stage(dir, { '.openinterpreter/hooks.json': BROKEN });
      const failed = await preCommit(dir);
      expect(failed.code, describeRun('pre-commit run', failed)).toBe(1);
      expect(failed.stdout).toContain('unknown-event');
    },
    RUN_TIMEOUT_MS,
  );
});

describe('the hook definition', () => {
  it("runs on a change to any dialect's repository file, at the root or nested, and not on other files", () => {
    const [hook] = parse(readFileSync(join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as { files: string; pass_filenames: boolean }[];
    expect(hook!.files).toBe(preCommitFilesPattern());
    expect(hook!.pass_filenames).toBe(false);
    const files = new RegExp(hook!.files);
    for (const id of DIALECT_IDS) {
      const manifest = manifestOf(id);
      const paths = repositoryFilesOf(manifest).flatMap((file) =>
        [file.path, ...(file.markers ?? [])].map((path) => path.replaceAll('*', 'x')),
      );
      for (const path of [...paths, `${manifest.configDir}/hooks/guard.sh`]) {
        expect(path, id).toMatch(files);
        expect(`packages/app/${path}`, id).toMatch(files);
      }
    }
    for (const path of ['README.md', 'src/hooks.json', 'docs/openinterpreter/hooks.json', 'x.octo/hooks.yml'])
      expect(path).not.toMatch(files);
  });

  it('docs/cli.md and the README use the files: pattern of .pre-commit-hooks.yaml, in every local set-up', () => {
    const [hook] = parse(readFileSync(join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; files: string }[];
    const documented = documentedConfigs().flatMap((config) => config.repos.flatMap((entry) => entry.hooks));
    const local = documented.filter((entry) => 'files' in entry);
    expect(local.length).toBeGreaterThanOrEqual(2);
    for (const entry of local) expect(entry.files).toBe(hook!.files);
    expect(documented.every((entry) => entry.id === hook!.id)).toBe(true);
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const readmeFiles = [...readme.matchAll(/^\s+files: (.+)$/gm)].map((match) => match[1]);
    expect(readmeFiles.length).toBeGreaterThan(0);
    for (const files of readmeFiles) expect(files).toBe(hook!.files);
  });

  it(
    'installs the way pre-commit 4.6 does: npm install -g git+file://<clone> (no build step, no scripts)',
    async () => {
      // pre-commit 4.6: pre_commit/languages/node.py, install_environment.
      const prefix = join(root, 'global-prefix');
      const install = await run(
        'npm',
        ['install', '--allow-git=root', '--install-links', '-g', '--prefix', prefix, `git+file://${release.dir}`],
        root,
        env,
        RUN_TIMEOUT_MS,
      );
      expect(install.code, describeRun('npm install -g git+file://…', install)).toBe(0);
      expect(install.stderr).not.toMatch(/install-scripts|allowScripts/i);
      const dir = gitProject([]);
      stage(dir, { '.openinterpreter/hooks.json': BROKEN });
      const lint = await run(join(prefix, 'bin/hookctl'), ['lint'], dir, env);
      expect(lint.code, describeRun('hookctl lint', lint)).toBe(1);
      expect(lint.stdout).toContain('unknown-event');
    },
    RUN_TIMEOUT_MS,
  );
});
