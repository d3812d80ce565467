#!/usr/bin/env node
/**
 * Counts the real-Codex suite's cases (test/agents/codex) per event, for docs/conformance.md:
 * `node scripts/codex-case-counts.mjs [list.json]`. Without an argument it asks vitest for the list
 * (`vitest list --json`, which collects without running Codex); with one it reads that file.
 *
 * An event-matrix test is counted under the first event its name mentions (every case name starts
 * with its event, or says which one it fires); the other files are about loading, listing and trust,
 * and are counted per file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const EVENTS = [
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'PreModelRequest',
  'PostModelRequest',
  'Interrupt',
];
const EVENT_FILES = new Set(['events.test.ts', 'events-project.test.ts']);

function listTests(file) {
  if (file) return JSON.parse(readFileSync(file, 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'codex-cases-'));
  try {
    const out = join(dir, 'list.json');
    execFileSync('npx', ['vitest', 'list', `--json=${out}`, 'test/agents/codex'], { stdio: 'ignore' });
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The event a test name is about: the earliest event name in it (`Stop` only as a whole word). */
function eventOf(name) {
  let best = null;
  for (const event of EVENTS) {
    const at = name.search(new RegExp(`\\b${event}\\b`));
    if (at >= 0 && (best === null || at < best.at)) best = { event, at };
  }
  return best?.event ?? 'other';
}

const tests = listTests(process.argv[2]);
const perEvent = new Map(EVENTS.map((event) => [event, { cases: new Set(), runs: 0 }]));
const perFile = new Map();
for (const test of tests) {
  const file = basename(test.file);
  if (!EVENT_FILES.has(file)) {
    perFile.set(file, (perFile.get(file) ?? 0) + 1);
    continue;
  }
  const caseName = test.name.replace(/^[^>]+> /, '');
  const event = eventOf(caseName);
  const row = perEvent.get(event) ?? { cases: new Set(), runs: 0 };
  row.cases.add(caseName);
  row.runs += 1;
  perEvent.set(event, row);
}

console.log('| Event | cases | runs (cases × layers) |');
console.log('|---|---:|---:|');
let cases = 0;
let runs = 0;
for (const [event, row] of perEvent) {
  console.log(`| ${event} | ${row.cases.size} | ${row.runs} |`);
  cases += row.cases.size;
  runs += row.runs;
}
console.log(`| **event matrix** | **${cases}** | **${runs}** |`);
for (const [file, count] of perFile) console.log(`| \`${file}\` | ${count} | ${count} |`);
console.log(`| **all of test/agents/codex** | | **${tests.length}** |`);
