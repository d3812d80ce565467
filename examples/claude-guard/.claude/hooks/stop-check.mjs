#!/usr/bin/env node
// Stop check (Claude Code): before Claude ends its turn, run the tests of the session's directory
// (node --test over test/**/*.test.mjs) and, when they fail, keep Claude working with the failures
// as its next instruction. `stop_hook_active` is true when Claude is already continuing because of
// a Stop hook: then it may stop, so a test it cannot fix never loops forever.

import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('hookctl/claude').StopInput} Input */
/** @typedef {import('hookctl/claude').StopOutput} Output */

/** Test files under `dir`, sorted, skipping node_modules and dot-directories. */
function testFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .flatMap((entry) => (entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.mjs') ? [join(dir, entry.name)] : []))
    .sort();
}

let raw = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (raw += chunk));
process.stdin.on('end', () => {
  /** @type {Input} */
  const input = JSON.parse(raw);
  if (input.stop_hook_active) return;
  const files = testFiles('test');
  if (files.length === 0) return;
  const run = spawnSync(process.execPath, ['--test', '--test-reporter=dot', ...files], { encoding: 'utf8', timeout: 100_000 });
  if (run.status === 0) return;
  const failures = (run.stdout + run.stderr).split('\n').filter((line) => /^\s*(not ok|✖|AssertionError|Error)/.test(line)).slice(0, 5);
  /** @type {Output} */
  const output = {
    decision: 'block',
    reason: `The tests fail (${files.length} test file${files.length === 1 ? '' : 's'}); fix them before finishing:\n${failures.join('\n') || run.stderr.trim().slice(0, 500)}`,
  };
  process.stdout.write(JSON.stringify(output) + '\n');
});
