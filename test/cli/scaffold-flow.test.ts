import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/kit/outcome.js';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/events.js';
import { OCTO_EVENTS } from '../../src/dialects/octo/events.js';
import { OPENINTERPRETER_EVENTS } from '../../src/dialects/openinterpreter/events.js';
import { DIALECTS, type DialectId } from '../../src/dialects/registry.js';
import { exitTwoGuards } from '../../src/kit/index.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { uncommentExample } from '../scaffold/uncomment-example.js';

const LANGS = ['js', 'py', 'sh'] as const;
type Lang = (typeof LANGS)[number];

/**
 * Scaffolds the event in js, py and sh with --register, trusts the project, returns the script paths.
 * Each script gets its own --name: in openinterpreter the name is the hook's id, and one id cannot name two hooks.
 * Claude Code has no per-hook trust: the folder's workspace trust is accepted instead, as its dialog does.
 */
async function scaffoldedProject(dialect: DialectId, event: string) {
  const box = makeTempProject();
  const common = ['--dialect', dialect, '--cwd', box.project, '--home', box.home, '--managed', join(box.root, 'none.toml')];
  const scripts = {} as Record<Lang, string>;
  for (const lang of LANGS) {
    const result = await runCli(['scaffold', event, '--lang', lang, '--name', `${lang}-hook`, '--register', ...common]);
    expect(result.code, result.stderr).toBe(0);
    scripts[lang] = join(box.project, /^created (\S+)/.exec(result.stdout)![1]!);
  }
  const trust = async () => {
    if (dialect === 'claude')
      box.write('home/.claude.json', JSON.stringify({ projects: { [box.project]: { hasTrustDialogAccepted: true } } }));
    else expect((await runCli(['trust', '--all', '--yes', ...common])).code).toBe(0);
  };
  await trust();
  /** `hookctl fixture <event> | hookctl dry-run <event> --payload - --json`. */
  const dryRun = async (): Promise<Outcome> => {
    const fixture = await runCli(['fixture', event, ...common]);
    expect(fixture.code, fixture.stderr).toBe(0);
    // Claude gives all SessionEnd hooks 1.5 s together; a python3 start on a loaded CI machine can take longer,
    // and this test is about the scaffolds, not that budget (test/dialects/claude covers it).
    const env = { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '30000' };
    const run = await runCli(['dry-run', event, '--payload', '-', '--json', ...common], { input: fixture.stdout, env });
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Outcome;
  };
  /** Uncomments one marked example in one script, as its author would, and re-trusts the changed hook. */
  const enable = async (lang: Lang, example: string) => {
    writeFileSync(scripts[lang], uncommentExample(readFileSync(scripts[lang], 'utf8'), lang === 'js' ? '//' : '#', example));
    await trust();
  };
  return { dryRun, enable };
}

const NO_EFFECT = {
  decision: null,
  blocked: false,
  reason: null,
  stop: false,
  stopReason: null,
  additionalContext: null,
  updatedInput: null,
  updatedInputFrom: null,
  systemMessages: [],
  warnings: [],
};

describe.each([
  ['openinterpreter', OPENINTERPRETER_EVENTS.map((e) => e.name)],
  ['octo', OCTO_EVENTS.map((e) => e.name)],
  // A sample of claude's 31 events (every event's examples run through the engine in test/scaffold/).
  [
    'claude',
    CLAUDE_EVENTS.map((e) => e.name).filter((name) =>
      ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'].includes(name),
    ),
  ],
] as const)('scaffold → trust → dry-run (%s)', (dialect, events) => {
  it.each(events)('%s: the js, py and sh scaffolds complete with no effect', async (event) => {
    const project = await scaffoldedProject(dialect, event);
    const outcome = await project.dryRun();
    expect(outcome).toMatchObject(NO_EFFECT);
    // A guard's py and js scripts start through sh, so a missing runtime refuses (test/scaffold/guard-launcher.test.ts).
    const guard = exitTwoGuards(DIALECTS[dialect].manifest.events).has(event);
    expect(outcome.runs.map((r) => [r.command.split(' ')[0], r.status, r.exitCode, r.stdout])).toEqual([
      [guard ? 'sh' : 'node', 'completed', 0, ''],
      [guard ? 'sh' : 'python3', 'completed', 0, ''],
      ['sh', 'completed', 0, ''],
    ]);
  });
});

const REASON = 'Blocked by the project hook policy.';

describe.each([
  ['openinterpreter', 'PreToolUse', 'js', 'block', { decision: 'deny', blocked: true, reason: REASON }],
  ['openinterpreter', 'PreToolUse', 'sh', 'block-exit-2', { decision: 'deny', blocked: true, reason: REASON }],
  [
    'openinterpreter',
    'UserPromptSubmit',
    'py',
    'context',
    { blocked: false, additionalContext: 'Extra context from the UserPromptSubmit hook.' },
  ],
  ['octo', 'PreToolUse', 'py', 'block', { decision: 'deny', blocked: true, reason: REASON }],
  ['octo', 'UserPromptSubmit', 'sh', 'context', { blocked: false, additionalContext: 'Extra context from the UserPromptSubmit hook.' }],
  ['claude', 'PreToolUse', 'py', 'defer', { decision: 'defer', blocked: false }],
  ['claude', 'SessionStart', 'sh', 'context-text', { additionalContext: 'Extra context from the SessionStart hook.' }],
  ['claude', 'Stop', 'js', 'block', { blocked: true, reason: 'Continue: run the tests before finishing.' }],
] as const)('an uncommented example in a scaffold (%s %s, %s %s)', (dialect, event, lang, example, expected) => {
  it('shows in the dry-run outcome', async () => {
    const project = await scaffoldedProject(dialect, event);
    await project.enable(lang, example);
    expect(await project.dryRun()).toMatchObject(expected);
  });
});

describe('a claude WorktreeCreate scaffold as written', () => {
  it('fails the worktree creation, as its header says: the hook must print the path', async () => {
    const project = await scaffoldedProject('claude', 'WorktreeCreate');
    const outcome = await project.dryRun();
    expect(outcome.blocked).toBe(true);
    expect(outcome.runs.map((r) => [r.status, r.error])).toEqual([
      ['failed', 'WorktreeCreate hook printed no worktree path'],
      ['failed', 'WorktreeCreate hook printed no worktree path'],
      ['failed', 'WorktreeCreate hook printed no worktree path'],
    ]);
  });
});
