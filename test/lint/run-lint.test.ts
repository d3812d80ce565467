import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/dialects/openinterpreter/load-config.js';
import { ruleCatalogue } from '../../src/dialects/every-rule.js';
import { loadConfigSpec, loadDialectRules } from '../../src/dialects/registry.js';
import { runLint } from '../../src/lint/run-lint.js';
import { makeTempProject } from '../helpers/temp-project.js';

const ISSUE_RULES = {
  'parse-error': 'error',
  'unknown-event': 'error',
  'agent-version-since': 'warning',
  'unknown-key': 'warning',
  'invalid-value': 'error',
  'empty-command': 'error',
  'control-character': 'error',
  'invalid-matcher': 'error',
  // SPEC-dialects §10 (claude): a regex that backtracks exponentially in the agent's engine.
  'matcher-backtracking': 'error',
  'matcher-ignored': 'warning',
  // Issue 39: a hook that silently never runs is an error in lint.
  'matcher-never-matches': 'error',
  // Issue 23: event names, permission-rule syntax, wrong case and other agents' tool names as tool matchers.
  'tool-matcher-never-matches': 'error',
  // SPEC-dialects §10 (claude): bare mcp__server, FileChanged "*", `if` on a non-tool event.
  'mcp-matcher-without-tool': 'error',
  // Issue 21 (codex): a Write/Edit/apply_patch guard that misses patches sent through the shell.
  'patch-via-shell': 'info',
  'watch-list-pattern': 'error',
  'if-not-evaluated': 'error',
  // Issue 20 (claude): a Bash(<command> …) `if` guard that Claude skips for sudo, a path, env, bash -c, eval.
  'if-guard-bypassable': 'warning',
  // Issue 36 (claude): a guard without "onFailure": "block" lets the action through when it fails.
  'guard-fails-open': 'info',
  'async-not-allowed': 'error',
  // Issue 15: codex SessionEnd hooks always run synchronously.
  'async-runs-sync': 'warning',
  'invalid-timeout': 'warning',
  'timeout-capped': 'warning',
  'timeout-suspicious': 'warning',
  'timeout-too-large': 'error',
  'both-representations': 'warning',
  'duplicate-key': 'error',
  'duplicate-id': 'warning',
  // Issue 20 (claude): two PermissionRequest hooks that can both answer; the first answer decides.
  'permission-answer-race': 'warning',
  // Issue 23: a script reached by a cwd-relative path fails (open or closed) after a `cd`.
  // Issue 39: an error, as it is the guard that silently stops guarding.
  'cwd-relative-script': 'error',
  // Issue 39: a home directory, a checkout or a plugin cache of one machine.
  'machine-specific-path': 'error',
  'missing-script': 'error',
  'unreadable-script': 'error',
  'script-not-executable': 'warning',
  'slow-launcher': 'warning',
  // Issue 39: curl | sh, an unpinned npx -y / uvx / pipx run, pip install in a hook.
  'fetched-at-run-time': 'warning',
  // Issue 39: jq, yq, bun, uv, deno: a warning when not on PATH (an info note when it is).
  'needs-program': 'warning',
  // Issue 39: exit 2 written inline on an event that cannot block.
  'output-ignored': 'warning',
  // Issue 23: variables the agent never sets ($CLAUDE_FILE_PATHS …).
  'unset-variable': 'warning',
  'unsupported-handler-type': 'warning',
  // SPEC-dialects §10 (claude): handler type per event, `once`, exec form, ${user_config.*}, allowedHttpHookUrls.
  'handler-type-not-allowed': 'error',
  'field-ignored': 'warning',
  'exec-command-has-spaces': 'warning',
  'shell-form-placeholder': 'error',
  'url-not-allowed': 'error',
  'http-request-refused': 'error',
  'http-env-allowed': 'info',
  'features-disabled': 'info',
  'hooks-switch': 'info',
  // Issue 36 (claude): a managed file whose guard Claude cannot load (its hooks off, or Claude will not start).
  'managed-policy-unreadable': 'error',
  'plugin-discovery': 'warning',
  // Issue 11: octo hooks.yaml, which octo never reads.
  'unread-file': 'error',
  // Issue 15: a codex project the user has not trusted loads no hooks.
  'untrusted-project': 'info',
  'hook-modified': 'warning',
  // Issue 42: an entry's cwd Copilot CLI cannot start the hook in, and the mistakes its docs invite.
  'working-dir': 'error',
  'tool-args-parsed': 'error',
  'exit-two-stderr': 'warning',
  'timeout-fails-open': 'error',
  'both-event-names': 'warning',
};

describe('runLint', () => {
  it('lints every discovered layer, findings sorted by file, line and column', async () => {
    const sandbox = makeTempProject();
    const user = sandbox.write(
      'home/.openinterpreter/hooks.json',
      '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "npx notify" }] }] } }\n',
    );
    const project = sandbox.write(
      'project/.openinterpreter/hooks.json',
      '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "./missing.sh", "timeout": 5000 }] }],\n' +
        '    "PreToolUze": []\n  }\n}\n',
    );
    const context = { cwd: sandbox.project, home: sandbox.home, env: {} };
    const { findings, rules } = await runLint({ spec: await loadConfigSpec('openinterpreter'), context });

    // Sorted by path: <sandbox>/home/… before <sandbox>/project/….
    const expected = [
      { file: user, line: 1, column: 67, ruleId: 'slow-launcher', severity: 'warning' },
      { file: project, line: 3, column: 58, ruleId: 'cwd-relative-script', severity: 'error' },
      { file: project, line: 3, column: 58, ruleId: 'missing-script', severity: 'error' },
      { file: project, line: 3, column: 85, ruleId: 'timeout-suspicious', severity: 'warning' },
      // A near match of Stop's sibling PreToolUse: a misspelling, an error (issue 39).
      { file: project, line: 4, column: 5, ruleId: 'unknown-event', severity: 'error' },
    ];
    expect(findings.map(({ file, line, column, ruleId, severity }) => ({ file, line, column, ruleId, severity }))).toEqual(expected);
    // openinterpreter runs the core rules; the ones a dialect registers for its agent alone run on its files only.
    const owned = new Set((await ruleCatalogue()).flatMap((entry) => (entry.dialect === null ? [] : [entry.rule.meta.id])));
    expect(rules.map((rule) => [rule.id, rule.severity])).toEqual(Object.entries(ISSUE_RULES).filter(([id]) => !owned.has(id)));
    for (const dialect of ['claude', 'codex', 'copilot'] as const) {
      const own = (await loadDialectRules(dialect)).map((rule) => rule.meta.id);
      expect(own.length, dialect).toBeGreaterThan(0);
      const ran = (await runLint({ spec: await loadConfigSpec(dialect), context })).rules.map((rule) => rule.id);
      expect(ran, dialect).toEqual([...rules.map((rule) => rule.id), ...own]);
    }
    expect(owned.size + rules.length).toBe(Object.keys(ISSUE_RULES).length);

    // The runtime applies the same rules minus file-system and speed advice.
    const loaded = await loadConfig(context);
    expect(loaded.findings.map((f) => f.ruleId).sort()).toEqual(['timeout-suspicious', 'unknown-event']);
    // Loading keeps the level that says what the agent does: it skips the misspelled event and runs the rest.
    expect(loaded.findings.find((f) => f.ruleId === 'unknown-event')?.severity).toBe('warning');
  });

  it('lints only the named files, placing each in its layer', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  Stpo:\n    - command: x\n');
    const project = sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: x\n      matcher: y\n');
    const { findings } = await runLint({
      spec: await loadConfigSpec('octo'),
      context: { cwd: sandbox.project, home: sandbox.home, env: { OCTO_HOOK_STPO: 'ignored: not a named file' } },
      files: ['.octo/hooks.yml'],
    });
    expect(findings).toEqual([
      {
        ruleId: 'matcher-ignored',
        messageId: 'ignored',
        severity: 'warning',
        message: 'Stop ignores matchers, so this hook runs on every Stop; matchers work on PreToolUse, PostToolUse',
        data: { event: 'Stop', honoured: 'PreToolUse, PostToolUse' },
        file: project,
        line: 4,
        column: 7,
      },
    ]);
  });

  it('reports env compat variables under their pseudo-path', async () => {
    const sandbox = makeTempProject();
    const { findings } = await runLint({
      spec: await loadConfigSpec('octo'),
      context: { cwd: sandbox.project, home: sandbox.home, env: { OCTO_HOOK_STOP: 'npx notify' } },
    });
    expect(findings.map((f) => [f.file, f.line, f.column, f.ruleId])).toEqual([['env:OCTO_HOOK_STOP', 1, 1, 'slow-launcher']]);
  });

  it.each(Object.keys(ISSUE_RULES))('documents %s with what, why, a wrong and a right example', (id) => {
    const path = join(import.meta.dirname, '..', '..', 'docs', 'rules', `${id}.md`);
    expect(existsSync(path)).toBe(true);
    const text = readFileSync(path, 'utf8');
    for (const heading of [`# ${id}`, '## What it catches', '## Why', '## Wrong', '## Right']) expect(text).toContain(heading);
  });
});
