// This repository as a user meets it: a git repository whose release commit (scripts/release.mjs)
// holds the built dist/ and a manifest with no scripts. Built from the working tree (tracked and
// new files, as they are now) and the dist/ that `npm test` just built, so the tests check the
// code under test, committed or not.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A git identity for commits made in temporary repositories, whatever the machine's git config. */
export const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'hookctl test',
  GIT_AUTHOR_EMAIL: 'test@hookctl.invalid',
  GIT_COMMITTER_NAME: 'hookctl test',
  GIT_COMMITTER_EMAIL: 'test@hookctl.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

export function run(command: string, args: readonly string[], cwd: string, env: Record<string, string>, timeoutMs = 240_000): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export function describeRun(what: string, ran: Ran): string {
  return `${what} exited ${ran.code}\n--- stdout\n${ran.stdout}\n--- stderr\n${ran.stderr}`;
}

/**
 * The environment for nested npm and git runs. `npm run` exports its own state to children
 * (`npm_config_local_prefix` is the repo, plus `npm_package_*` and lifecycle variables); a nested
 * npm that saw them could act on the repo instead of the temp project. Registry, cache and home
 * are set by the caller; the user's npm config file is not read (a fresh machine has none).
 */
export function cleanEnv(overrides: Record<string, string>): Record<string, string> {
  const leaked = /^(npm_|INIT_CWD$|GIT_DIR$|GIT_WORK_TREE$|GIT_INDEX_FILE$)/i;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !leaked.test(key)) env[key] = value;
  }
  return {
    ...env,
    ...GIT_IDENTITY,
    NO_COLOR: '1',
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    ...overrides,
  };
}

export interface ReleaseRepo {
  /** The git repository (checked out, detached, at the release commit). */
  dir: string;
  /** The release commit. */
  commit: string;
  /** The source commit it was made from. */
  source: string;
}

/**
 * Copies the working tree into `<root>/hookctl` as a fresh git repository, commits it, and runs
 * `scripts/release.mjs` there the way a maintainer does, then checks the release commit out.
 */
export function makeReleaseRepo(root: string): ReleaseRepo {
  if (!existsSync(join(REPO, 'dist/src/cli/main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first (`npm test` does); a release commits the built dist/');
  }
  const dir = join(root, 'hookctl');
  const env = cleanEnv({});
  const git = (args: string[], cwd = dir) => execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], REPO).split('\0').filter(Boolean);
  for (const file of files) {
    const from = join(REPO, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(from, join(dir, file));
  }
  cpSync(join(REPO, 'dist'), join(dir, 'dist'), { recursive: true });
  git(['init', '--quiet', '--initial-branch=main']);
  git(['add', '--all']);
  git(['commit', '--quiet', '--no-verify', '--message', 'source snapshot']);
  const source = git(['rev-parse', 'HEAD']);
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const commit = execFileSync(process.execPath, ['scripts/release.mjs', '--tag', `v${version}`], {
    cwd: dir,
    env,
    encoding: 'utf8',
  }).trim();
  git(['checkout', '--quiet', '--detach', commit]);
  return { dir, commit, source };
}
