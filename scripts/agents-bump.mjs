#!/usr/bin/env node
// `npm run agents:bump [-- --claude <version|latest>] [--codex <version|latest>] [--gemini <version|latest>]
//                        [--copilot <version|latest>] [--sdk <version>] [--skip-agents] [--dry-run]`
//
// Moves every pinned agent to the newest release the registry has (or the one given), each with an
// exact pin in devDependencies:
// - @anthropic-ai/claude-code to the given or latest version;
// - @anthropic-ai/claude-agent-sdk to its newest release when Claude Code is `latest` (the SDK ships its
//   own native Claude Code in its platform package and may be built for a newer one than the newest
//   @anthropic-ai/claude-code: SDK 0.3.336 for 2.1.336 while 2.1.332 is the newest CLI), else to the
//   release built for the given Claude Code (by convention SDK 0.3.<patch> for Claude Code 2.1.<patch>).
//   Its package.json `claudeCodeVersion` is checked: never older than the pinned Claude Code, so a
//   broken convention is an error naming `--sdk`;
// - @openai/codex, @google/gemini-cli with @google/gemini-cli-core (one version), @github/copilot.
// Then, with the new agents installed:
// 1. re-derives the facts: test/contracts/claude-agent-facts.json (`npm run agents:derive`),
//    test/dialects/codex-agent-facts.json (scripts/codex-facts.mjs), test/dialects/gemini-agent-facts.json
//    (scripts/gemini-facts.mjs), keeping the previous files to compare;
// 2. writes the new releases into src/dialects/shared/agent-versions.ts, with a `since` entry for each
//    event and handler key a release added;
// 3. rebuilds and runs each agent's parity tests and real-agent suites (HOOKCTL_REQUIRE_TOOLS=1, so an
//    agent that cannot run fails instead of skipping; --skip-agents runs the parity tests only);
// 4. prints one change report per agent (scripts/agent-changes.mjs): new and removed events, keys, enum
//    values, payload and output fields, each with the test that now fails, then every failing test of
//    the agent's suites (the Claude SDK parity test lists tool-input differences in its failure).
// Exit 1 when a suite fails: the report says what to follow (docs/conformance.md § Following the agents).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareFacts, formatChangeReport, sinceEntries, updateDocsTable, updateProvenTable } from './agent-changes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLAUDE = '@anthropic-ai/claude-code';
const SDK = '@anthropic-ai/claude-agent-sdk';
const CODEX = '@openai/codex';
const GEMINI = '@google/gemini-cli';
const GEMINI_CORE = '@google/gemini-cli-core';
const COPILOT = '@github/copilot';
const TABLE = 'src/dialects/shared/agent-versions.ts';
const DOCS_TABLE = 'docs/conformance.md';

/** Each agent: the package its proven release is, how its facts are derived, and its tests. */
const AGENTS = [
  {
    id: 'claude',
    package: CLAUDE,
    facts: 'test/contracts/claude-agent-facts.json',
    derive: ['node', ['scripts/agents-derive.mjs']],
    version: (facts) => facts.claudeCode.version,
    parity: ['test/contracts/claude-sdk-parity.test.ts', 'test/contracts/claude-agent-facts.test.ts'],
    suites: ['test/agents/claude'],
  },
  {
    id: 'codex',
    package: CODEX,
    facts: 'test/dialects/codex-agent-facts.json',
    derive: ['node', ['scripts/codex-facts.mjs']],
    version: (facts) => facts.version,
    parity: ['test/dialects/codex-agent-facts.test.ts'],
    suites: ['test/agents/codex', 'test/conformance/codex'],
  },
  {
    id: 'gemini',
    package: GEMINI,
    facts: 'test/dialects/gemini-agent-facts.json',
    derive: ['node', ['scripts/gemini-facts.mjs']],
    version: (facts) => facts.version,
    parity: ['test/dialects/gemini-agent-facts.test.ts'],
    suites: ['test/agents/gemini', 'test/conformance/gemini'],
  },
  { id: 'copilot', name: 'GitHub Copilot CLI', package: COPILOT, facts: null, parity: [], suites: ['test/agents/copilot'] },
];
/** Suites that drive several agents: run once, their failures listed under every agent. */
const SHARED_PARITY = ['test/contracts/agent-versions.test.ts'];
const SHARED_SUITES = ['test/agents/test-agent'];

function parseArgs(argv) {
  const options = {
    claude: 'latest',
    codex: 'latest',
    gemini: 'latest',
    copilot: 'latest',
    sdk: null,
    dryRun: false,
    skipAgents: false,
    reportFrom: null,
  };
  // --claude latest (the default) takes the newest SDK too; see matchingSdk.
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--skip-agents') options.skipAgents = true;
    else if (['--claude', '--codex', '--gemini', '--copilot', '--sdk', '--report-from'].includes(arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) fail(`${arg} needs a version (or latest)`);
      options[arg === '--report-from' ? 'reportFrom' : arg.slice(2)] = value;
    } else {
      fail(
        `unknown argument ${arg}; usage: agents:bump [--claude V|latest] [--codex V|latest] [--gemini V|latest] ` +
          '[--copilot V|latest] [--sdk V] [--skip-agents] [--dry-run] [--report-from DIR]',
      );
    }
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
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies ?? {};
}

function step(command, args, options = {}) {
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options }).status ?? 1;
}

/**
 * Runs test files with vitest's JSON reporter: the failing tests as `file › title` (titles joined
 * by ` › `), or a line saying the run itself failed.
 */
function runTests(paths, scratch, name) {
  if (paths.length === 0) return { failed: [], status: 0 };
  const out = join(scratch, `${name}.json`);
  const status = step('npx', ['vitest', 'run', ...paths, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    env: { ...process.env, HOOKCTL_REQUIRE_TOOLS: '1' },
  });
  if (!existsSync(out)) return { failed: [`${paths.join(' ')}: vitest wrote no results (exit ${status})`], status: status || 1 };
  const results = JSON.parse(readFileSync(out, 'utf8'));
  const failed = results.testResults.flatMap((file) => {
    const relative = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length) : file.name;
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`${relative}: ${String(file.message ?? 'failed to run').split('\n')[0]}`];
    return tests.map((test) => `${relative} › ${[...test.ancestorTitles.slice(1), test.title].join(' › ')}`);
  });
  return { failed, status };
}

/** One agent's section: the change report with each named test's actual outcome, then every other failure. */
function agentSection(agent, before, after, failed, from, to) {
  const lines = [];
  if (agent.facts === null) {
    const moved = from === to ? `${to}: unchanged` : `${from} -> ${to}`;
    lines.push(`${agent.name} ${moved} (no derived facts; its real-agent suite decides)`);
  } else {
    const report = formatChangeReport(agent.id, before, after);
    // "fails: <test>": say whether it did.
    lines.push(
      ...report
        .trimEnd()
        .split('\n')
        .map((line) => {
          const named = /^(\s+)fails: (.+)$/.exec(line);
          if (named === null) return line;
          const did = failed.some((failure) => failure.startsWith(named[2]));
          return `${line}${did ? '' : '  [passes: hookctl already agrees]'}`;
        }),
    );
  }
  const named = agent.facts === null ? [] : compareFacts(agent.id, before, after).map((change) => change.test);
  const others = failed.filter((failure) => !named.some((test) => failure.startsWith(test)));
  if (others.length > 0) lines.push('  failing in its suites:', ...others.map((failure) => `    ${failure}`));
  else if (failed.length === 0) lines.push('  every suite passes');
  return `${lines.join('\n')}\n`;
}

/**
 * `--report-from <dir>`: no registry, no install, nothing written: the facts files in <dir> (named as
 * the committed ones; a missing one is taken as unchanged) are compared with the committed facts,
 * the suites run, and the report is printed. For a release installed elsewhere and derived with
 * `--out`/`--bin`, or to see the report of a bump already made.
 */
function reportOnly(options) {
  const scratch = mkdtempSync(join(tmpdir(), 'hookctl-bump-'));
  try {
    const read = (path) => JSON.parse(readFileSync(path, 'utf8'));
    const pins = pinned();
    const shared = runTests([...SHARED_PARITY, ...(options.skipAgents ? [] : SHARED_SUITES)], scratch, 'shared');
    let status = shared.status;
    const sections = [];
    for (const agent of AGENTS) {
      const now = agent.facts === null ? null : read(join(ROOT, agent.facts));
      const earlier = agent.facts === null ? null : join(options.reportFrom, agent.facts.split('/').at(-1));
      const previous = earlier !== null && existsSync(earlier) ? read(earlier) : now;
      const run = runTests([...agent.parity, ...(options.skipAgents ? [] : agent.suites)], scratch, agent.id);
      status = Math.max(status, run.status);
      const from = previous === null ? pins[agent.package] : agent.version(previous);
      sections.push(agentSection(agent, previous, now, [...run.failed, ...shared.failed], from, pins[agent.package]));
    }
    process.stdout.write(`\nChange report (one per agent)\n\n${sections.join('\n')}`);
    return status === 0 ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.reportFrom !== null) return reportOnly(options);
  const claude = resolveVersion(CLAUDE, options.claude);
  const gemini = resolveVersion(GEMINI, options.gemini);
  const target = {
    [CLAUDE]: claude,
    [SDK]: matchingSdk(claude, options.claude, options.sdk),
    [CODEX]: resolveVersion(CODEX, options.codex),
    [GEMINI]: gemini,
    [GEMINI_CORE]: resolveVersion(GEMINI_CORE, gemini),
    [COPILOT]: resolveVersion(COPILOT, options.copilot),
  };
  const before = pinned();
  for (const [name, version] of Object.entries(target)) {
    process.stdout.write(`${name}: ${before[name] ?? '(none)'} -> ${version}${before[name] === version ? ' (unchanged)' : ''}\n`);
  }
  if (options.dryRun) return 0;
  const scratch = mkdtempSync(join(tmpdir(), 'hookctl-bump-'));
  try {
    const previous = Object.fromEntries(
      AGENTS.filter((agent) => agent.facts !== null).map((agent) => [agent.id, JSON.parse(readFileSync(join(ROOT, agent.facts), 'utf8'))]),
    );
    const specs = Object.entries(target).map(([name, version]) => `${name}@${version}`);
    if (step('npm', ['install', '--save-dev', '--save-exact', ...specs]) !== 0)
      fail('npm install failed; package.json is unchanged if npm rolled back');
    if (step('npm', ['run', 'build']) !== 0) fail('npm run build failed');
    const derived = {};
    for (const agent of AGENTS.filter((candidate) => candidate.facts !== null)) {
      process.stdout.write(`\nderiving ${agent.facts}\n`);
      if (step(...agent.derive) !== 0) fail(`deriving ${agent.facts} failed`);
      derived[agent.id] = JSON.parse(readFileSync(join(ROOT, agent.facts), 'utf8'));
    }
    // The table: the new releases, and the date of each event and key a release added.
    const since = Object.fromEntries(
      AGENTS.filter((agent) => agent.facts !== null).map((agent) => [
        agent.package,
        sinceEntries(compareFacts(agent.id, previous[agent.id], derived[agent.id]), agent.version(derived[agent.id])),
      ]),
    );
    const versions = Object.fromEntries(AGENTS.map((agent) => [agent.package, target[agent.package]]));
    writeFileSync(join(ROOT, TABLE), updateProvenTable(readFileSync(join(ROOT, TABLE), 'utf8'), versions, since));
    writeFileSync(join(ROOT, DOCS_TABLE), updateDocsTable(readFileSync(join(ROOT, DOCS_TABLE), 'utf8'), versions));
    if (step('npm', ['run', 'build']) !== 0) fail('npm run build failed after updating the table');
    const shared = runTests([...SHARED_PARITY, ...(options.skipAgents ? [] : SHARED_SUITES)], scratch, 'shared');
    let status = shared.status;
    const sections = [];
    for (const agent of AGENTS) {
      const run = runTests([...agent.parity, ...(options.skipAgents ? [] : agent.suites)], scratch, agent.id);
      status = Math.max(status, run.status);
      sections.push(
        agentSection(
          agent,
          previous[agent.id],
          derived[agent.id],
          [...run.failed, ...shared.failed],
          before[agent.package],
          target[agent.package],
        ),
      );
    }
    process.stdout.write(`\nChange report (one per agent)\n\n${sections.join('\n')}`);
    return status === 0 ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

process.exit(main());
