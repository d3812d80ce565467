import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfigSpec } from '../../src/dialects/registry.js';
import { runLint } from '../../src/lint/run-lint.js';
import { makeTempProject } from '../helpers/temp-project.js';

const CONFIGS = new URL('../fixtures/claude/config/', import.meta.url);
const NAMES = readdirSync(CONFIGS)
  .filter((name) => name.endsWith('.json'))
  .sort();

/** The scripts a documented config runs from the project (`.claude/hooks/<name>`), to create before linting. */
function projectScripts(text: string): string[] {
  return [...new Set([...text.matchAll(/\.claude\/hooks\/[\w.-]+/g)].map(([path]) => path))];
}

/**
 * Every rule over every documented Claude Code configuration (test/fixtures/claude/config/, copied
 * from the Claude Code docs), as the project's `.claude/settings.json` with the scripts it names in
 * place: a documented-valid configuration gets no finding, except the speed advice on the two
 * documented `npx prettier` hooks, the info that `disableAllHooks` keeps hooks from running, the
 * plugin example's `$CLAUDE_PLUGIN_ROOT` outside a plugin, the warnings that the plugins the
 * `enabledPlugins` example enables are not installed here, and that the documented `if` guards
 * (`Bash(rm *)`, `Bash(git *)`) are skipped by Claude Code for `sudo rm`, `bash -c 'rm …'` and the like, and
 * that the MCP example's script in /home/user is one machine's path once the file is committed, and an
 * info note for each hook that needs jq (on PATH here, and needed on every machine that runs it).
 */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  'settings-reference-disableallhooks.json': ['hooks-switch'],
  'settings-reference-enabledplugins.json': ['plugin-discovery', 'plugin-discovery'],
  // The docs' plugin hooks.json example, here as project settings, where $CLAUDE_PLUGIN_ROOT is not set.
  'hooks-reference-scripts-by-path-2.json': ['unset-variable'],
  // The documented block-rm.sh and git-policy guards: Claude Code does not run them for `sudo rm …` (issue 20).
  'hooks-how-a-hook-resolves.json': ['if-guard-bypassable'],
  'hooks-how-a-hook-resolves-2.json': ['if-guard-bypassable'],
  'hooks-guide-filter-by-tool-name-and-arguments-with-the-if-field.json': ['if-guard-bypassable'],
  // The docs' /home/user/scripts/validate-mcp-write.py, committed as project settings, is one machine's path (issue 39).
  'hooks-match-mcp-tools.json': ['machine-specific-path'],
};

describe('lint: the documented claude configurations', () => {
  it.each(NAMES)('%s', async (name) => {
    const text = readFileSync(new URL(name, CONFIGS), 'utf8');
    const sandbox = makeTempProject();
    sandbox.write('project/.claude/settings.json', text);
    for (const script of projectScripts(text)) sandbox.write(`project/${script}`, '#!/bin/sh\nexit 0\n', { executable: true });
    // jq on PATH, as on a machine set up for these hooks: each hook that needs it gets an info note (issue 39).
    sandbox.write('bin/jq', '#!/bin/sh\nexit 0\n', { executable: true });
    const spec = await loadConfigSpec('claude');
    const env = { PATH: `${sandbox.root}/bin` };
    const context = { cwd: sandbox.project, home: sandbox.home, env, managedConfigPath: `${sandbox.root}/managed-settings.json` };
    const { findings } = await runLint({ spec, context });
    const usesJq = (text.match(/(?:^|["\s|;&(]|\$\()jq\s/gm) ?? []).length;
    const expected = [
      ...(EXPECTED[name] ?? (/npx prettier/.test(text) ? ['slow-launcher'] : [])),
      ...Array<string>(usesJq).fill('needs-program'),
    ].sort();
    expect(findings.filter((finding) => finding.ruleId === 'needs-program').every((finding) => finding.severity === 'info')).toBe(true);
    const shown = findings.map((finding) => `${finding.line}:${finding.column} ${finding.message} (${finding.ruleId})`).join('\n');
    // The documented guards predate `onFailure` (Claude Code 2.1.295): each gets the guard-fails-open
    // note (test/dialects/claude/rules/guard-fails-open.test.ts), a file with a guard event at least one.
    const notes = findings.filter((finding) => finding.ruleId === 'guard-fails-open');
    const guards = /"(PreToolUse|PermissionRequest|UserPromptSubmit|UserPromptExpansion)"/.test(text);
    if (guards && !/"type": "(prompt|agent)"/.test(text)) expect(notes.length, shown).toBeGreaterThan(0);
    expect(
      findings
        .filter((finding) => finding.ruleId !== 'guard-fails-open')
        .map((finding) => finding.ruleId)
        .sort(),
      shown,
    ).toEqual(expected);
  });

  it('covers every documented configuration (53)', () => {
    expect(NAMES.length).toBe(53);
  });
});
