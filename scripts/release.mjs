// Makes a release commit: the source commit (HEAD) plus the built dist/, with a manifest that has
// nothing to run at install time. Release commits are what a pre-commit `rev:`, a GitHub Action
// `uses: …@<ref>` and `npm publish` use; main stays source-only.
//
// Why a separate commit instead of building at install time: every way those tools install a
// package from git runs no build it could rely on. Debian's pre-commit 3.x runs `npm pack` and
// takes its stdout as the tarball name, so any prepack/prepare script (whose banner npm prints on
// stdout) breaks it; pre-commit 4.6 runs `npm install -g git+file://<clone>`, where npm 11 skips a
// dependency's `prepare` unless allowScripts covers it and does not install devDependencies (tsc);
// and a published package with a `prepare` script makes npm 11 warn on every install. So the
// installable tree must already contain dist/ and must declare no scripts.
//
//   node scripts/release.mjs [--tag vX.Y.Z] [--allow-dirty]     (npm run release -- --tag v0.2.0)
//
// dist/ must be freshly built from HEAD (`npm run release` builds first). Prints the commit id.
// The working tree, the index and every branch are left as they were.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The manifest of a release: the source manifest without `scripts` (nothing may run at install or
 * pack time) and without `devDependencies` (nothing is built from a release; pre-commit 3.x would
 * otherwise download the whole toolchain into its clone).
 */
export function releaseManifest(source) {
  const { scripts: _scripts, devDependencies: _dev, ...manifest } = source;
  return manifest;
}

function git(args, options = {}) {
  return execFileSync('git', args, { encoding: 'utf8', ...options }).trim();
}

function fail(message) {
  process.stderr.write(`release: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { tag: null, allowDirty: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--tag' && argv[i + 1]) options.tag = argv[++i];
    else if (argv[i] === '--allow-dirty') options.allowDirty = true;
    else fail(`unknown argument ${argv[i]}; usage: node scripts/release.mjs [--tag vX.Y.Z] [--allow-dirty]`);
  }
  return options;
}

/** Writes the release tree (HEAD + dist/ + release manifest, no lock file) with a private index; returns the tree id. */
function writeReleaseTree() {
  const scratch = mkdtempSync(join(tmpdir(), 'hookctl-release-'));
  const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
  try {
    git(['read-tree', 'HEAD'], { env });
    git(['add', '--force', 'dist'], { env });
    const source = JSON.parse(git(['show', 'HEAD:package.json']));
    const blob = git(['hash-object', '-w', '--stdin'], { input: `${JSON.stringify(releaseManifest(source), null, 2)}\n` });
    git(['update-index', '--cacheinfo', `100644,${blob},package.json`], { env });
    // A lock file is never published, and its devDependency pins mean nothing without them.
    git(['update-index', '--force-remove', 'package-lock.json'], { env });
    return git(['write-tree'], { env });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync('dist/src/cli/main.js')) fail('dist/ is missing: run `npm run build` first (`npm run release` does)');
  if (!options.allowDirty && git(['status', '--porcelain', '--untracked-files=no']) !== '') {
    fail('the working tree has uncommitted changes; dist/ would not match HEAD (commit them, or pass --allow-dirty)');
  }
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
  const tree = writeReleaseTree();
  const head = git(['rev-parse', 'HEAD']);
  const message = `hookctl ${version} release: ${head.slice(0, 12)} with dist/ built, no install scripts`;
  const commit = git(['commit-tree', tree, '-p', head, '-m', message]);
  if (options.tag) git(['tag', '--annotate', '--message', message, options.tag, commit]);
  process.stdout.write(`${commit}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
