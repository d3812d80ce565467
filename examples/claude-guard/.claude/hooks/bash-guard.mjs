#!/usr/bin/env node
// PreToolUse guard for Bash (Claude Code): denies destructive commands, asks before a force push.
// Wire form: exit 0 with hookSpecificOutput.permissionDecision on stdout; no output = the normal
// permission flow. A crash exits 1, which Claude treats as a non-blocking error (the call goes on).

/** @typedef {import('hookctl/claude').PreToolUseInput} Input */
/** @typedef {import('hookctl/claude').PreToolUseOutput} Output */

/** Targets whose recursive removal is never what a coding task needs. */
const PRECIOUS = new Set(['/', '/*', '~', '~/', '~/*', '..', '../', '$HOME', '"$HOME"', '.', './', '*']);

/** `rm -r` (any spelling of the flag) on a precious target, in any simple command of the line. */
function destructiveRm(command) {
  for (const match of command.matchAll(/(?:^|[;&|(]\s*)(?:sudo\s+)?rm\s+([^;&|)]*)/g)) {
    const words = match[1].trim().split(/\s+/);
    const recursive = words.some((word) => /^-[a-zA-Z]*[rR]/.test(word) || word === '--recursive');
    if (recursive && words.some((word) => PRECIOUS.has(word))) return true;
  }
  return false;
}

const RULES = [
  {
    decision: 'deny',
    test: destructiveRm,
    reason: 'refusing rm -r on /, ~, .., . or *: delete the files you mean by name instead',
  },
  {
    decision: 'deny',
    test: (command) => /\b(curl|wget)\b[^|]*\|\s*(sudo\s+)?(ba|z)?sh\b/.test(command),
    reason: 'refusing to pipe a download into a shell: download the script, read it, then run it',
  },
  {
    decision: 'ask',
    test: (command) => /\bgit\s+push\b.*(\s--force(-with-lease)?\b|\s-f\b)/.test(command),
    reason: 'a force push rewrites shared history: confirm that this branch is yours',
  },
];

let raw = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (raw += chunk));
process.stdin.on('end', () => {
  /** @type {Input} */
  const input = JSON.parse(raw);
  const command = typeof input.tool_input.command === 'string' ? input.tool_input.command : '';
  const rule = RULES.find((candidate) => candidate.test(command));
  if (rule === undefined) return;
  /** @type {Output} */
  const output = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: rule.decision, permissionDecisionReason: rule.reason } };
  process.stdout.write(JSON.stringify(output) + '\n');
});
