import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

// One guard command in each agent's config: it reads the command from stdin and denies `rm -rf` with exit 2.
const GUARD = `grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0`;
const CLAUDE = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] } });
const CODEX = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] } });
const GEMINI = JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: GUARD }] }] } });

/** A project with claude and codex config (and gemini's when asked), and a claude payload of `rm -rf /`. */
async function mixedProject(options: { gemini?: boolean } = {}) {
  const sandbox = makeTempProject();
  sandbox.write('project/.claude/settings.json', CLAUDE);
  sandbox.write('project/.codex/hooks.json', CODEX);
  if (options.gemini) sandbox.write('project/.gemini/settings.json', GEMINI);
  const flags = ['--home', sandbox.home, '--managed', `${sandbox.root}/none`];
  const fixture = await runCli(
    ['fixture', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', '--set', 'tool_input.command=rm -rf /', ...flags],
    { cwd: sandbox.project },
  );
  expect(fixture.code).toBe(0);
  sandbox.write('project/hooks-tests/payloads/rm.json', fixture.stdout);
  const write = await runCli(['fixture', 'PreToolUse', '--dialect', 'claude', '--tool', 'Write', ...flags], { cwd: sandbox.project });
  sandbox.write('project/hooks-tests/payloads/write.json', write.stdout);
  const codex = await runCli(
    ['fixture', 'PreToolUse', '--dialect', 'codex', '--tool', 'Bash', '--set', 'tool_input.command=ls', ...flags],
    {
      cwd: sandbox.project,
    },
  );
  sandbox.write('project/hooks-tests/payloads/codex-ls.json', codex.stdout);
  const addCase = (name: string, body: Record<string, unknown>) => sandbox.write(`project/hooks-tests/${name}`, JSON.stringify(body));
  return { sandbox, flags, addCase };
}

const DENY = { event: 'PreToolUse', payloadFile: 'payloads/rm.json', expect: { decision: 'deny', reason: 'no rm -rf' } };

describe('hookctl test in a project with several dialects', () => {
  it('runs a case naming several dialects in each, translated from the first, and reports per dialect', async () => {
    const { sandbox, flags, addCase } = await mixedProject({ gemini: true });
    addCase('rm.case.json', { dialects: ['claude', 'codex', 'gemini'], ...DENY });
    addCase('ls.case.json', { dialect: 'codex', event: 'PreToolUse', payloadFile: 'payloads/codex-ls.json', expect: { decision: null } });
    const ran = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toBe(
      [
        '✓ codex: ls.case.json',
        '✓ claude: rm.case.json',
        '✓ codex: rm.case.json',
        '✓ gemini: rm.case.json',
        'codex: 2 passed, 0 failed',
        'claude: 1 passed, 0 failed',
        'gemini: 1 passed, 0 failed',
        '4 passed, 0 failed',
        '',
      ].join('\n'),
    );
    expect(ran.code).toBe(0);
  });

  it("a case in a folder named after a dialect is that dialect's; one naming none must say which", async () => {
    const { sandbox, flags, addCase } = await mixedProject();
    addCase('claude/rm.case.json', { ...DENY, payloadFile: '../payloads/rm.json' });
    addCase('plain.case.json', DENY);
    const ran = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toContain('✓ claude: claude/rm.case.json\n');
    expect(ran.stdout).toContain(
      '✗ plain.case.json\n    error: the case names no dialect and this project has hook config for claude, codex: ' +
        'add "dialect": "claude" (or "dialects": ["claude", "codex"]), ' +
        'or put it in a folder named after its dialect (hooks-tests/claude/)\n',
    );
    expect(ran.stdout).toMatch(/claude: 1 passed, 0 failed\n1 case could not run in any dialect\n1 passed, 1 failed\n$/);
    expect(ran.code).toBe(1);
  });

  it('a case whose tool has no counterpart in a dialect fails there, naming the tools both agents have', async () => {
    const { sandbox, flags, addCase } = await mixedProject();
    addCase('write.case.json', {
      dialects: ['claude', 'codex'],
      event: 'PreToolUse',
      payloadFile: 'payloads/write.json',
      expect: { decision: null },
    });
    const ran = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toContain(
      '✗ codex: write.case.json\n    error: written for claude, cannot run in codex: ' +
        "codex has no counterpart of claude's tool Write (tools both have: Bash)\n",
    );
    expect(ran.code).toBe(1);
  });
});

describe('hookctl test in a project with one dialect', () => {
  it("a folder bearing another dialect's name does not move its cases there", async () => {
    const { sandbox, flags } = await mixedProject();
    sandbox.write('project/.codex/hooks.json', '');
    const { rmSync } = await import('node:fs');
    rmSync(`${sandbox.project}/.codex`, { recursive: true });
    sandbox.write('project/hooks-tests/codex/rm.case.json', JSON.stringify({ ...DENY, payloadFile: '../payloads/rm.json' }));
    const ran = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toBe('✓ codex/rm.case.json\n1 passed, 0 failed\n');
    expect(ran.code).toBe(0);
  });
});

describe('case file keys', () => {
  it('an unknown key is an error with a did-you-mean, and the case does not run', async () => {
    const { sandbox, flags, addCase } = await mixedProject();
    addCase('typo.case.json', { dialect: 'claude', event: 'PreToolUse', payloadFile: 'payloads/rm.json', expct: { decision: 'deny' } });
    const ran = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toBe(
      '✗ typo.case.json\n    error: invalid case file: unknown key "expct"; did you mean "expect"?\n' +
        '1 case could not run in any dialect\n0 passed, 1 failed\n',
    );
    expect(ran.code).toBe(1);
  });

  it('an unknown dialect gets a did-you-mean; a dialect without config here is named with where its config would be', async () => {
    const { sandbox, flags, addCase } = await mixedProject();
    addCase('a.case.json', { dialect: 'codx', ...DENY });
    addCase('b.case.json', { dialect: 'gemini', ...DENY });
    const ran = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toContain(
      '✗ a.case.json\n    error: invalid case file: "dialect" names unknown dialect "codx"; did you mean "codex"?\n',
    );
    expect(ran.stdout).toContain(
      '✗ b.case.json\n    error: the case is for gemini ("dialect"), which cannot run here: ' +
        `${sandbox.project} has no gemini hook config (.gemini/); ` +
        'hookctl test runs the dialects configured here: claude, codex\n',
    );
    expect(ran.code).toBe(1);
  });

  it('"dialect" is honoured under --dialect: a codex case runs in codex, not in the dialect given', async () => {
    const { sandbox, flags, addCase } = await mixedProject();
    // A codex payload with `rm -rf`: under claude it would be invalid (turn_id, model), so passing shows it ran in codex.
    const codex = await runCli(
      ['fixture', 'PreToolUse', '--dialect', 'codex', '--tool', 'Bash', '--set', 'tool_input.command=rm -rf /', ...flags],
      {
        cwd: sandbox.project,
      },
    );
    sandbox.write('project/hooks-tests/payloads/codex-rm.json', codex.stdout);
    addCase('codex.case.json', {
      dialect: 'codex',
      event: 'PreToolUse',
      payloadFile: 'payloads/codex-rm.json',
      expect: { decision: 'deny' },
    });
    const ran = await runCli(['test', '--dialect', 'claude', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toBe('✓ codex: codex.case.json\ncodex: 1 passed, 0 failed\n1 passed, 0 failed\n');
    expect(ran.code).toBe(0);
  });

  it('"dialect" and "dialects" together, or an empty "dialects", are refused', async () => {
    const { sandbox, flags, addCase } = await mixedProject();
    addCase('both.case.json', { dialect: 'claude', dialects: ['claude'], ...DENY });
    addCase('empty.case.json', { dialects: [], ...DENY });
    const ran = await runCli(['test', ...flags], { cwd: sandbox.project });
    expect(ran.stdout).toContain('error: invalid case file: give "dialect" (one) or "dialects" (several), not both\n');
    expect(ran.stdout).toContain(
      'error: invalid case file: "dialects" must be a non-empty array of dialect ids; the payload is written in the first one\'s form\n',
    );
  });
});
