import { describe, expect, it } from 'vitest';
import { lintCollectionRepo } from './lint-collection-repo.js';

/**
 * Issue 39: a small collection of realistic repositories, written by us in the shapes the issue
 * describes (no third-party file enters the repository), each labelled with the findings of the
 * issue's classes it should get — and the negative controls none. `hookctl lint` runs over each, with
 * a PATH of git alone, so the output is the same on every machine. Only the rules are
 * compared; the others (slow-launcher, missing-script…) have tests of their own.
 */
const RULES = new Set([
  'cwd-relative-script',
  'fetched-at-run-time',
  'machine-specific-path',
  'matcher-never-matches',
  'needs-program',
  'output-ignored',
  'tool-matcher-never-matches',
  'unknown-event',
]);

const hooks = (event: string, command: string, matcher?: string) =>
  JSON.stringify(
    { hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command }] }] } },
    null,
    2,
  );
const SCRIPT = { content: '#!/bin/sh\nexit 0\n', executable: true };

interface Case {
  name: string;
  files: Record<string, string | { content: string; executable: boolean }>;
  /** `<ruleId> <severity>`, in reading order (the message ids are in the rules' own tests). */
  expected: string[];
  /** A text the messages must contain: the fix a finding names. */
  says?: RegExp;
}

const CASES: Case[] = [
  {
    name: 'codex: python in a home directory, and another machine’s checkout of this repository',
    files: {
      '.codex/hooks.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '/usr/bin/python3 /home/ana/dev/agent-policy/pre_tool_policy.py' }] },
          ],
          Stop: [{ hooks: [{ type: 'command', command: 'bash /Users/ana/dev/shop/.codex/hooks/stop_gate.sh' }] }],
        },
      }),
      '.codex/hooks/stop_gate.sh': SCRIPT,
    },
    expected: ['machine-specific-path error', 'machine-specific-path error'],
  },
  {
    name: 'codex: a project hook reaching into a plugin cache of one version',
    files: {
      '.codex/hooks.json': hooks('PostToolUse', 'node /Users/ana/.codex/plugins/cache/acme/fmt/1.2.0/hooks/format.mjs', 'apply_patch'),
    },
    expected: ['machine-specific-path error'],
  },
  {
    name: 'claude: setup piped from curl, a guard from npx -y @latest',
    files: {
      '.claude/settings.json': JSON.stringify({
        hooks: {
          SessionStart: [
            { hooks: [{ type: 'command', command: 'curl -fsSL https://raw.githubusercontent.com/acme/agent-setup/main/setup.sh | bash' }] },
          ],
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'npx -y claude-guard@latest check' }] }],
        },
      }),
    },
    expected: ['fetched-at-run-time warning', 'fetched-at-run-time warning'],
  },
  {
    name: 'gemini: uvx of an unpinned guard, pip install in an AfterTool hook',
    files: {
      '.gemini/settings.json': JSON.stringify({
        hooks: {
          BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'uvx shell-guard check' }] }],
          AfterTool: [{ matcher: 'write_file|replace', hooks: [{ type: 'command', command: 'pip install -q black && black .' }] }],
        },
      }),
    },
    expected: ['fetched-at-run-time warning', 'needs-program warning', 'fetched-at-run-time warning'],
  },
  {
    name: 'gemini: an edit guard copied from Antigravity, its script relative to the workspace',
    files: {
      '.gemini/settings.json': hooks(
        'BeforeTool',
        'node .gemini/hooks/protect.js',
        'write_file|replace_file_content|multi_replace_file_content',
      ),
      '.gemini/hooks/protect.js': SCRIPT,
    },
    expected: ['tool-matcher-never-matches error', 'tool-matcher-never-matches error'],
  },
  {
    name: 'claude: a shell guard that needs jq',
    files: {
      '.claude/settings.json': hooks('PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh', 'Bash'),
      '.claude/hooks/block-rm.sh': {
        content: '#!/bin/bash\ncmd=$(jq -r .tool_input.command)\n[[ "$cmd" == *"rm -rf /"* ]] && { echo blocked >&2; exit 2; }\nexit 0\n',
        executable: true,
      },
    },
    expected: ['needs-program warning'],
  },
  {
    name: 'negative controls: anchored paths, pinned runners, system programs, $HOME, a jq check',
    files: {
      '.claude/settings.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }] },
            {
              matcher: 'Edit|Write',
              hooks: [{ type: 'command', command: '/usr/bin/env python3 "$CLAUDE_PROJECT_DIR"/.claude/hooks/paths.py' }],
            },
          ],
          PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx --no-install prettier --write . || true' }] }],
          Stop: [{ hooks: [{ type: 'command', command: '"$HOME"/.local/bin/notify-done; uvx ruff@0.6.9 check --quiet .' }] }],
        },
      }),
      '.claude/hooks/guard.sh': { content: '#!/bin/sh\ncommand -v jq >/dev/null || exit 2\njq -e . >/dev/null\n', executable: true },
      '.claude/hooks/paths.py': SCRIPT,
      '.codex/hooks.json': hooks(
        'PreToolUse',
        'python3 "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.codex/hooks/gate.py',
        'Bash',
      ),
      '.codex/hooks/gate.py': SCRIPT,
    },
    // The pinned uvx is no fetched-at-run-time finding, but the hook does need uvx, which PATH lacks here
    // (left out of the first labelling, and correct by the rule's definition).
    expected: ['needs-program warning'],
  },
  {
    name: 'misspelled events are errors; an event no version has and close to none stays a warning',
    files: {
      '.claude/settings.json': hooks('Stopp', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/s.sh'),
      '.claude/hooks/s.sh': SCRIPT,
      '.codex/hooks.json': hooks('PostToolUze', 'true'),
      '.openinterpreter/hooks.json': hooks('OnWorkspaceOpen', 'true'),
    },
    expected: ['unknown-event error', 'unknown-event error', 'unknown-event warning'],
  },
  {
    name: 'codex: a script relative to the cwd (a session started in a subdirectory misses it)',
    files: { '.codex/hooks.json': hooks('PreToolUse', 'python3 .codex/hooks/gate.py', 'Bash'), '.codex/hooks/gate.py': SCRIPT },
    expected: ['cwd-relative-script error'],
  },
  {
    name: 'gemini: a script relative to the workspace, where Gemini runs its hooks',
    files: {
      '.gemini/settings.json': hooks('BeforeTool', 'python3 .gemini/hooks/gate.py', 'run_shell_command'),
      '.gemini/hooks/gate.py': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'a Claude plugin whose hooks name the author’s checkout of it',
    files: {
      '.claude-plugin/plugin.json': JSON.stringify({ name: 'guard-plugin', version: '0.3.0' }),
      'hooks/hooks.json': hooks('PreToolUse', 'bash /home/ana/src/guard-plugin/scripts/check.sh', 'Bash'),
      'scripts/check.sh': SCRIPT,
    },
    expected: ['machine-specific-path error'],
    // The plugin's own root, not the project dir it also is when linted at its root.
    says: /write "\$\{CLAUDE_PLUGIN_ROOT\}"\/scripts\/check\.sh$/,
  },
  {
    name: 'octo: wget piped into sh; Homebrew on Linux is on every machine',
    files: {
      '.octo/hooks.yml':
        'hooks:\n  SessionStart:\n    - command: wget -qO- https://example.com/agent/bootstrap.sh | sh\n' +
        '  Stop:\n    - command: /home/linuxbrew/.linuxbrew/bin/terminal-notifier -message done\n',
    },
    expected: ['fetched-at-run-time warning'],
  },
  {
    name: 'output the agent ignores: exit 2 on SessionStart, additionalContext outside hookSpecificOutput on Gemini AfterTool',
    files: {
      '.claude/settings.json': hooks('SessionStart', 'test -f .env || { echo "copy .env.example to .env first" >&2; exit 2; }'),
      '.gemini/settings.json': hooks('AfterTool', `echo '{"additionalContext": "Run npm test before you commit."}'`, 'write_file|replace'),
    },
    expected: ['output-ignored warning', 'output-ignored warning'],
  },
  {
    name: 'output the agent reads: a PreToolUse decision, Gemini context under hookSpecificOutput',
    files: {
      '.claude/settings.json': hooks('PreToolUse', `echo '{"decision": "block", "reason": "use the make targets"}'`, 'Bash'),
      '.gemini/settings.json': hooks(
        'AfterTool',
        `echo '{"hookSpecificOutput": {"hookEventName": "AfterTool", "additionalContext": "Run npm test."}}'`,
        'write_file|replace',
      ),
    },
    expected: [],
  },
];

describe('issue 39: a collection of our own realistic configs, labelled', () => {
  it.each(CASES)('$name', async ({ files, expected, says }) => {
    const findings = await lintCollectionRepo<{ ruleId: string; severity: string; message: string }>(files);
    const found = findings.filter((f) => RULES.has(f.ruleId));
    expect(
      found.map((f) => `${f.ruleId} ${f.severity}`),
      found.map((f) => f.message).join('\n'),
    ).toEqual(expected);
    if (says !== undefined) expect(found.map((f) => f.message).join('\n')).toMatch(says);
  });
});
