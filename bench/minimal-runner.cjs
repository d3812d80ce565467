// A reference for bench/start.mjs, not part of hookctl: the least a hand-rolled Node hook runner
// for Claude Code's settings does per event. It reads the payload from stdin and
// .claude/settings.json from the working directory, runs each PreToolUse command whose matcher is
// empty, `*` or the tool's name through `sh -c` with the payload on stdin, and answers as Claude
// Code reads a hook: exit 2 with the hook's stderr blocks, otherwise the hook's stdout. No trust,
// no validation, no timeouts, no other configuration layer: what hookctl adds beyond this row is
// the price of those.
'use strict';
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');

function commands(payload) {
  const settings = JSON.parse(readFileSync('.claude/settings.json', 'utf8'));
  const groups = settings.hooks?.[payload.hook_event_name] ?? [];
  const matches = (matcher) => !matcher || matcher === '*' || matcher === payload.tool_name;
  return groups.filter((group) => matches(group.matcher)).flatMap((group) => group.hooks.map((hook) => hook.command));
}

function runHook(command, input) {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let input = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  for (const command of commands(JSON.parse(input))) {
    const result = await runHook(command, input);
    if (result.code === 2) {
      process.stderr.write(result.stderr);
      process.exitCode = 2;
      return;
    }
    process.stdout.write(result.stdout);
  }
});
