// `npm run bench`: every benchmark in one table, targets beside the measured figures and each
// figure beside its floor measured in the same run. Timing lives here, never in unit tests. Run on
// an idle machine; figures vary with load.
//
//   node bench/run.mjs                      every group (after `npm run build`)
//   node bench/run.mjs --only serve,run     some groups (names below; `run` is the `start` group)
//   node bench/run.mjs --write-docs         also rewrite each group's block in docs/performance.md
//   node bench/run.mjs --write-docs --loaded   … even though the machine is busy (the block says so)
//   node bench/run.mjs --write-docs --docs <file>   … into another copy of that page
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchClaudeSession } from './claude-session.mjs';
import { benchCli } from './cli.mjs';
import { writeDocs } from './docs.mjs';
import { benchEngine } from './engine.mjs';
import { benchHostile } from './hostile.mjs';
import { benchLint } from './lint.mjs';
import { benchRunner } from './runner.mjs';
import { benchServe } from './serve.mjs';
import { benchServeHttp } from './serve-http.mjs';
import { benchStart } from './start.mjs';
import { printTable } from './table.mjs';
import { benchValidators } from './validators.mjs';

/** Each group in the order a full run takes them. */
const GROUPS = {
  runner: benchRunner,
  engine: benchEngine,
  serve: benchServe,
  http: benchServeHttp,
  cli: benchCli,
  start: benchStart,
  lint: benchLint,
  validators: benchValidators,
  hostile: benchHostile,
  claude: benchClaudeSession,
};
const ALIASES = { run: 'start' };
const DOCS = fileURLToPath(new URL('../docs/performance.md', import.meta.url));

function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

function parseArguments(argv) {
  const options = { groups: Object.keys(GROUPS), writeDocs: false, loaded: false, docs: DOCS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--write-docs') options.writeDocs = true;
    else if (arg === '--loaded') options.loaded = true;
    else if (arg === '--docs') options.docs = argv[++i] ?? fail('--docs needs a file');
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const list = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      if (!list) fail(`--only needs a comma-separated list of groups: ${Object.keys(GROUPS).join(', ')}`);
      options.groups = [...new Set(list.split(',').map((name) => groupName(name.trim())))];
    } else fail(`unknown option ${JSON.stringify(arg)}; the options are --only <groups>, --write-docs, --loaded, --docs <file>`);
  }
  return options;
}

function groupName(name) {
  const group = ALIASES[name] ?? name;
  if (!(group in GROUPS)) fail(`unknown group ${JSON.stringify(name)}; the groups are ${Object.keys(GROUPS).join(', ')} (run = start)`);
  return group;
}

/**
 * A run is "loaded" when the one-minute load average is above half the cores: process ratios then
 * measure the scheduler as much as hookctl (docs/performance.md). Such a run does not rewrite the
 * docs unless asked with --loaded, and then the docs say so.
 */
function machine() {
  const [one, five, fifteen] = loadavg();
  const cores = availableParallelism();
  const loaded = one > cores / 2;
  const load = [one, five, fifteen].map((value) => value.toFixed(2)).join(' ');
  const date = new Date().toISOString().slice(0, 10);
  return { loaded, line: `Node ${process.versions.node}, ${cores} cores, load average ${load} (${loaded ? 'loaded' : 'idle'}), ${date}` };
}

const options = parseArguments(process.argv.slice(2));
const before = machine();
process.stderr.write(`${before.line}\n`);
if (options.writeDocs && before.loaded && !options.loaded) {
  fail('the machine is loaded, so this run would not be fit for docs/performance.md; run it idle, or add --loaded to record it as loaded');
}
const byGroup = new Map();
for (const group of options.groups) {
  process.stderr.write(`running ${group}…\n`);
  byGroup.set(group, await GROUPS[group]());
}
const rows = [...byGroup.values()].flat();
printTable(rows);
const issue43 = rows.filter((row) => row.issue === 43 && row.pass !== undefined);
if (issue43.length > 0)
  process.stderr.write(`issue 43: ${issue43.filter((row) => row.pass).length} of ${issue43.length} http targets met in this run\n`);
const issue25 = rows.filter((row) => row.issue === 25);
if (issue25.length > 0) {
  const met = issue25.filter((row) => row.pass).length;
  process.stderr.write(`issue 25: ${met} of ${issue25.length} targets met in this run\n`);
}
const missed = rows.filter((row) => row.pass === false);
if (missed.length > 0) process.stderr.write(`${missed.length} target(s) missed\n`);
if (options.writeDocs) {
  // The load at the end too: a run that became loaded on the way is recorded as loaded.
  const after = machine();
  const line = after.loaded && !before.loaded ? `${after.line}; idle when it started` : before.loaded ? before.line : after.line;
  writeDocs(options.docs, byGroup, line);
  process.stderr.write(`${options.docs}: rewrote the block of ${[...byGroup.keys()].join(', ')}\n`);
}
