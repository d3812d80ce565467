import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * `scaffold --dialect claude,codex,gemini` writes one script registered in each agent's config; its
 * policy (here: refuse any shell command, naming the agent it detected) is proved with `hookctl test`
 * in each dialect, on payloads the agents really send (each dialect's fixture, or one case
 * translated through the cross-agent table), and by piping each agent's payload into the script.
 */
const POLICY: Record<'js' | 'py', { file: string; from: string; to: string }> = {
  js: {
    file: '.claude/hooks/pre-tool-use.mjs',
    from: '  // --- example: refuse rm -rf ---',
    to: "  if (tool === 'shell') return `${agent} refuses: ${subject}`;",
  },
  py: {
    file: '.claude/hooks/pre-tool-use.py',
    from: '    # --- example: refuse rm -rf ---',
    to: '    if tool == "shell":\n        return "%s refuses: %s" % (agent, subject)',
  },
};

describe.each(['js', 'py'] as const)('scaffold --dialect claude,codex,gemini --lang %s', (lang) => {
  it('writes one script, registers it in each agent, and it answers each agent as that agent', async () => {
    const sandbox = makeTempProject();
    const flags = ['--home', sandbox.home, '--managed', `${sandbox.root}/none`];
    const scaffold = await runCli(['scaffold', 'PreToolUse', '--dialect', 'claude,codex,gemini', '--lang', lang, '--register', ...flags], {
      cwd: sandbox.project,
    });
    expect(scaffold.stderr).toBe('');
    expect(scaffold.code).toBe(0);
    expect(scaffold.stdout).toContain(`created ${POLICY[lang].file} (executable): one guard for claude, codex, gemini\n`);
    expect(scaffold.stdout).toContain('created .codex/hooks.json: added the hook to PreToolUse.');
    expect(scaffold.stdout).toContain('created .gemini/settings.json: added the hook to BeforeTool.');
    const script = join(sandbox.project, POLICY[lang].file);
    for (const config of ['.claude/settings.json', '.codex/hooks.json', '.gemini/settings.json']) {
      expect(readFileSync(join(sandbox.project, config), 'utf8')).toContain(POLICY[lang].file);
    }

    // As written the guard allows everything: each agent's shell call passes.
    const ls = await runCli(
      ['fixture', 'BeforeTool', '--dialect', 'gemini', '--tool', 'run_shell_command', '--set', 'tool_input.command=ls', ...flags],
      {
        cwd: sandbox.project,
      },
    );
    sandbox.write('project/hooks-tests/ls.json', ls.stdout);
    sandbox.write(
      'project/hooks-tests/allow.case.json',
      JSON.stringify({ dialects: ['gemini', 'claude', 'codex'], event: 'BeforeTool', payloadFile: 'ls.json', expect: { decision: null } }),
    );
    const allowed = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(allowed.stdout).toMatch(/✓ gemini: allow\.case\.json\n✓ claude: allow\.case\.json\n✓ codex: allow\.case\.json\n/);
    expect(allowed.code).toBe(0);

    // A policy in decide(): each agent's call is refused, and the reason names the agent the script detected.
    writeFileSync(script, readFileSync(script, 'utf8').replace(POLICY[lang].from, `${POLICY[lang].to}\n${POLICY[lang].from}`));
    const rm = await runCli(
      ['fixture', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', '--set', 'tool_input.command=rm -rf /', ...flags],
      {
        cwd: sandbox.project,
      },
    );
    sandbox.write('project/hooks-tests/rm.json', rm.stdout);
    sandbox.write(
      'project/hooks-tests/rm.case.json',
      JSON.stringify({
        dialects: ['claude', 'codex', 'gemini'],
        event: 'PreToolUse',
        payloadFile: 'rm.json',
        expect: { decision: 'deny', reason: { $regex: '^(claude|codex|gemini) refuses: rm -rf /$' } },
      }),
    );
    sandbox.write(
      'project/hooks-tests/allow.case.json',
      JSON.stringify({
        dialects: ['gemini'],
        event: 'BeforeTool',
        payloadFile: 'ls.json',
        expect: { decision: 'deny', reason: 'gemini refuses: ls' },
      }),
    );
    const denied = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(denied.stdout).toBe(
      '✓ gemini: allow.case.json\n✓ claude: rm.case.json\n✓ codex: rm.case.json\n✓ gemini: rm.case.json\n' +
        'gemini: 2 passed, 0 failed\nclaude: 1 passed, 0 failed\ncodex: 1 passed, 0 failed\n4 passed, 0 failed\n',
    );
    expect(denied.code).toBe(0);

    // Each agent's own payload, through the engine of that agent: the reason names the agent the script detected.
    // (Codex loads no project hooks until the project is trusted; `hookctl test` assumes it, dry-run does not.)
    sandbox.write('home/.codex/config.toml', `[projects."${sandbox.project}"]\ntrust_level = "trusted"\n`);
    for (const [dialect, event, tool] of [
      ['claude', 'PreToolUse', 'Bash'],
      ['codex', 'PreToolUse', 'Bash'],
      ['gemini', 'BeforeTool', 'run_shell_command'],
    ] as const) {
      const ran = await runCli(
        [
          'dry-run',
          event,
          '--dialect',
          dialect,
          '--tool',
          tool,
          '--set',
          'tool_input.command=git status',
          '--json',
          '--dangerously-bypass-hook-trust',
          ...flags,
        ],
        { cwd: sandbox.project, env: { CLAUDE_PROJECT_DIR: sandbox.project, GEMINI_PROJECT_DIR: sandbox.project } },
      );
      const outcome = JSON.parse(ran.stdout) as { decision: string; reason: string; runs: { exitCode: number }[] };
      expect({ dialect, decision: outcome.decision, reason: outcome.reason, exit: outcome.runs[0]?.exitCode }).toEqual({
        dialect,
        decision: 'deny',
        reason: `${dialect} refuses: git status`,
        exit: 2,
      });
    }
  });
});

describe('scaffold --dialect with a list: bad input', () => {
  it.each([
    [['PreToolUse', '--dialect', 'claude,codx'], /^hookctl: --dialect claude,codx: unknown dialect "codx"; did you mean codex\?\n$/],
    [
      ['PreToolUse', '--dialect', 'claude,codex', '--lang', 'sh'],
      /^hookctl: --lang sh: one script for several agents is written in js or py; pass --lang js or --lang py\n$/,
    ],
    [['Stop', '--dialect', 'claude,codex'], /^hookctl: one script for several agents guards tool calls only: Stop is not PreToolUse\n$/],
    [['BeforeTol', '--dialect', 'claude,gemini'], /^hookctl: .+: BeforeTol is not PreToolUse or BeforeTool; did you mean BeforeTool\?\n$/],
    [['PreToolUse', '--dialect', 'claude,octo'], /^hookctl: octo has no row in the cross-agent table, so one script cannot serve it\n$/],
  ])('%j is refused in one line, writing nothing', async (args, message) => {
    const sandbox = makeTempProject();
    const ran = await runCli(['scaffold', ...args, '--home', sandbox.home], { cwd: sandbox.project });
    expect(ran.stderr).toMatch(message);
    expect(ran.code).toBe(2);
    expect(readFileSync(join(sandbox.project, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
  });
});
