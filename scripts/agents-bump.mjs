#!/usr/bin/env node
// `npm run agents:bump [-- --claude <version|latest>] [--codex <version|latest>] [--sdk <version>] [--dry-run]`
//
// Moves the pinned agents together, each with an exact pin in devDependencies:
// - @anthropic-ai/claude-code to the given or latest version;
// - @anthropic-ai/claude-agent-sdk to its newest release when Claude Code is `latest` (the SDK ships its
//   own native Claude Code in its platform package and may be built for a newer one than the newest
//   @anthropic-ai/claude-code: SDK 0.3.336 for 2.1.336 while 2.1.332 is the newest CLI), else to the
//   release built for the given Claude Code (by convention SDK 0.3.<patch> for Claude Code 2.1.<patch>).
//   Its package.json `claudeCodeVersion` is checked: never older than the pinned Claude Code, so a
//   broken convention is an error naming `--sdk`;
// - @openai/codex to the given or latest version;
// then runs test/contracts/claude-sdk-parity.test.ts, whose failure lists what changed between the SDK's
// types and schema/claude/ (docs/claude.md § Bumping the agents), rebuilds, re-derives
// test/dialects/codex-agent-facts.json from the new Codex (scripts/codex-facts.mjs) and runs
// test/dialects/codex-agent-facts.test.ts, whose failure lists what changed between Codex's hooks and
// schema/codex/ (docs/codex.md § Bumping Codex).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLAUDE = '@anthropic-ai/claude-code';
const SDK = '@anthropic-ai/claude-agent-sdk';
const CODEX = '@openai/codex';
const PARITY_TEST = 'test/contracts/claude-sdk-parity.test.ts';
const CODEX_PARITY_TEST = 'test/dialects/codex-agent-facts.test.ts';

function parseArgs(argv) {
  const options = { claude: 'latest', codex: 'latest', sdk: null, dryRun: false };
  // --claude latest (the default) takes the newest SDK too; see matchingSdk.
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--claude' || arg === '--codex' || arg === '--sdk') {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) fail(`${arg} needs a version (or latest)`);
      options[arg.slice(2)] = value;
    } else fail(`unknown argument ${arg}; usage: agents:bump [--claude V|latest] [--codex V|latest] [--sdk V] [--dry-run]`);
  }
  return options;
}

function fail(message) {
  process.stderr.write(`agents:bump: ${message}\n`);
  process.exit(2);
}

/** One registry lookup through npm itself: `npm view <name>@<spec> <field> --json`, null when absent. */
function view(name, spec, field) {
  try {
    const out = execFileSync('npm', ['view', `${name}@${spec}`, field, '--json'], { cwd: ROOT, encoding: 'utf8' }).trim();
    if (out === '') return null;
    const value = JSON.parse(out);
    // A range spec can match several versions; npm then prints an array, newest last.
    return Array.isArray(value) ? (value.at(-1) ?? null) : value;
  } catch (error) {
    fail(
      `npm view ${name}@${spec} ${field} failed: ${
        String(error.stderr ?? error.message)
          .trim()
          .split('\n')[0]
      }`,
    );
  }
}

function resolveVersion(name, spec) {
  const version = view(name, spec, 'version');
  if (typeof version !== 'string') fail(`${name}@${spec} is not published`);
  return version;
}

/** Whether dotted version `a` is `b` or newer. */
function atLeast(a, b) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return true;
}

/**
 * The SDK release to pin beside Claude Code `claudeVersion`: `--sdk` when given; the newest SDK when
 * Claude Code is `latest`; else the release built for that Claude Code (0.3.<patch>). Its
 * `claudeCodeVersion` must be `claudeVersion` or newer (the SDK runs its own native binary).
 */
function matchingSdk(claudeVersion, claudeSpec, explicit) {
  const candidate = explicit ?? (claudeSpec === 'latest' ? resolveVersion(SDK, 'latest') : `0.3.${claudeVersion.split('.')[2]}`);
  const builtFor = view(SDK, candidate, 'claudeCodeVersion');
  if (typeof builtFor !== 'string' || !atLeast(builtFor, claudeVersion)) {
    fail(
      `${SDK}@${candidate} is built for Claude Code ${builtFor ?? '(not published)'}, older than ${claudeVersion}; ` +
        `pass --sdk <version> with a release whose claudeCodeVersion is ${claudeVersion} or newer`,
    );
  }
  if (builtFor !== claudeVersion) process.stdout.write(`${SDK}@${candidate} ships its own Claude Code ${builtFor}\n`);
  return candidate;
}

function pinned() {
  const dev = JSON.parse(readFileSync(new URL('package.json', `file://${ROOT}`), 'utf8')).devDependencies ?? {};
  return { [CLAUDE]: dev[CLAUDE], [SDK]: dev[SDK], [CODEX]: dev[CODEX] };
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const claude = resolveVersion(CLAUDE, options.claude);
  const target = {
    [CLAUDE]: claude,
    [SDK]: matchingSdk(claude, options.claude, options.sdk),
    [CODEX]: resolveVersion(CODEX, options.codex),
  };
  const before = pinned();
  for (const [name, version] of Object.entries(target)) {
    process.stdout.write(`${name}: ${before[name] ?? '(none)'} -> ${version}${before[name] === version ? ' (unchanged)' : ''}\n`);
  }
  if (options.dryRun) return 0;
  const specs = Object.entries(target).map(([name, version]) => `${name}@${version}`);
  const install = spawnSync('npm', ['install', '--save-dev', '--save-exact', ...specs], { cwd: ROOT, stdio: 'inherit' });
  if (install.status !== 0) fail('npm install failed; package.json is unchanged if npm rolled back');
  process.stdout.write(`\nrunning ${PARITY_TEST}: a failure lists every difference between the SDK's types and schema/claude/\n`);
  const test = spawnSync('npx', ['vitest', 'run', PARITY_TEST], { cwd: ROOT, stdio: 'inherit' });
  return Math.max(test.status ?? 1, codexParity());
}

/** Codex's facts from the installed Codex, then the test that names what differs from schema/codex/. */
function codexParity() {
  process.stdout.write(`\nderiving test/dialects/codex-agent-facts.json from the installed Codex, then running ${CODEX_PARITY_TEST}\n`);
  for (const [command, args] of [
    ['npm', ['run', 'build']],
    ['node', ['scripts/codex-facts.mjs']],
  ]) {
    const step = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
    if (step.status !== 0) return step.status ?? 1;
  }
  return spawnSync('npx', ['vitest', 'run', CODEX_PARITY_TEST], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

process.exit(main());
