import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { FIXTURES, readJsonLines } from './helpers.js';

/**
 * `hookctl replay --dialect copilot` on sessions GitHub Copilot CLI 1.0.102 recorded
 * (test/fixtures/replay/copilot/, made through test/agents/copilot's harness; docs/copilot.md says how).
 * Each fixture was recorded in `/tmp/rec-copilot/<name>/project`, with its hook scripts in
 * `/tmp/rec-copilot/<name>/hooks/`; `<name>.hook-inputs.json` holds what each hook really received.
 */
const SESSIONS = {
  /** A prompt hook adding context; preToolUse allowing, denying (JSON, exit 2, exit 1), adding context, rewriting; parallel calls. */
  main: { file: 'main.jsonl', id: '3d7f79f1-f757-4504-980e-20451107b240' },
  /** preToolUse and PreToolUse side by side (a PascalCase deny), a timeout, an ask, a withheld result, a failed view. */
  both: { file: 'both-names.jsonl', id: 'e6123b05-9c74-4421-9125-2d99af1221b2' },
  /** A userPromptSubmitted hook answering `decision: "block"`: the session ends there. */
  prompt: { file: 'blocked-prompt.jsonl', id: 'adce9b3d-f4ba-4817-a8b6-903c867337f7' },
  /** No hooks at all: one bash call. */
  plain: { file: 'no-hooks.jsonl', id: 'c62eed2d-b557-42c9-9e1a-c29deee77a93' },
} as const;
type Name = keyof typeof SESSIONS;

/** Places a fixture as `<copilot home>/session-state/<id>/events.jsonl`, as if recorded in `recordedIn` (default the sandbox's). */
function place(sandbox: TempProject, name: Name, options: { copilotHome?: string; recordedIn?: string } = {}): string {
  const { file, id } = SESSIONS[name];
  const dir = join(options.copilotHome ?? join(sandbox.home, '.copilot'), 'session-state', id);
  mkdirSync(dir, { recursive: true });
  const text = readFileSync(join(FIXTURES, 'copilot', file), 'utf8');
  const placed =
    options.recordedIn === undefined
      ? text.split(`/tmp/rec-copilot/${name}`).join(sandbox.root)
      : text.split(`/tmp/rec-copilot/${name}/project`).join(options.recordedIn);
  writeFileSync(join(dir, 'events.jsonl'), placed);
  return join(dir, 'events.jsonl');
}

/** What the hooks of a fixture really received, with the sandbox in place of the recording's directory. */
function hookInputs(name: 'main' | 'both'): Record<string, Record<string, unknown>[]> {
  const base = name === 'main' ? 'main' : 'both-names';
  const text = readFileSync(join(FIXTURES, 'copilot', `${base}.hook-inputs.json`), 'utf8');
  return JSON.parse(text.split(`/tmp/rec-copilot/${name}`).join('$ROOT'));
}

const hook = (command: string) => ({ type: 'command', bash: command });
const RECORD = (root: string, event: string) =>
  `cat >> "${join(root, 'seen', `${event}.jsonl`)}"; echo >> "${join(root, 'seen', `${event}.jsonl`)}"`;
const DENY = (reason: string) => `printf '%s' '{"permissionDecision":"deny","permissionDecisionReason":"${reason}"}'`;
const GATE = `input=$(cat); case "$input" in *'rm -rf'*) ${DENY('no rm -rf')};; *hello*) ${DENY('no hello now')};; esac`;

/** A Copilot project trusted in `~/.copilot/config.json`, with `hooks` as its `.github/hooks/hooks.json`. */
function copilotProject(hooks: (root: string) => Record<string, unknown[]>): TempProject {
  const sandbox = makeTempProject();
  mkdirSync(join(sandbox.root, 'seen'));
  sandbox.write('project/.github/hooks/hooks.json', JSON.stringify({ version: 1, hooks: hooks(sandbox.root) }, null, 2));
  sandbox.write('home/.copilot/config.json', JSON.stringify({ trustedFolders: [sandbox.project] }));
  return sandbox;
}

const flags = (sandbox: TempProject) => ['--dialect', 'copilot', '--cwd', sandbox.project, '--home', sandbox.home];
const ENV = { COPILOT_HOME: undefined, COPILOT_ALLOW_ALL: undefined, GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: undefined };
const seen = (sandbox: TempProject, event: string) => {
  const file = join(sandbox.root, 'seen', `${event}.jsonl`);
  return existsSync(file) ? readJsonLines(file) : [];
};
const withRoot = (values: Record<string, unknown>[], root: string) => JSON.parse(JSON.stringify(values).split('$ROOT').join(root));

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('hookctl replay --dialect copilot (sessions recorded by Copilot CLI 1.0.102)', { timeout: 120_000 }, () => {
  it('each hook gets the payload Copilot gave it in the session, for every event replay rebuilds', async () => {
    const events = ['preToolUse', 'userPromptSubmitted', 'permissionRequest', 'postToolUse', 'postToolUseFailure', 'UserPromptSubmit'];
    for (const name of ['main', 'both'] as const) {
      const sandbox = copilotProject((root) => ({
        ...Object.fromEntries(events.map((event) => [event, [hook(RECORD(root, event))]])),
        PreToolUse: [{ matcher: 'Bash', hooks: [hook(RECORD(root, 'PreToolUse'))] }],
      }));
      place(sandbox, name);
      const all = [...events, 'PreToolUse'].flatMap((event) => ['--event', event]);
      const result = await runCli(['replay', ...flags(sandbox), ...all, '--json'], { env: ENV });
      expect(result.code, result.stderr).toBe(0);
      for (const [event, payloads] of Object.entries(hookInputs(name))) {
        const got = seen(sandbox, event);
        // What the hook got then, it gets now (in the order the calls ended, which for parallel calls is not the order they began).
        expect(got, `${name} ${event}`).toEqual(expect.arrayContaining(withRoot(payloads, sandbox.root)));
        // Recorded under Claude's name only where the camelCase hook did not decide first (an ask); replay sends every Bash call.
        expect(got.length, `${name} ${event}`).toBe(name === 'both' && event === 'PreToolUse' ? 4 : payloads.length);
      }
    }
  });

  it("compares today's verdicts with what Copilot recorded: refusals, a hook error, a timeout, an ask, a withheld result", async () => {
    const sandbox = copilotProject(() => ({ preToolUse: [hook(GATE)], postToolUse: [hook('cat > /dev/null')] }));
    place(sandbox, 'main');
    place(sandbox, 'both');
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { env: ENV });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    const rows = report.results.map((r: any) => [r.event, r.tool, r.input?.command ?? r.input?.path ?? r.input, r.decision, r.recorded]);
    const ran = { blocked: false, hook: null, message: null, errors: [] };
    const refused = (message: string, hookFile: string | null = null, errors: unknown[] = []) => ({
      blocked: true,
      hook: hookFile,
      message,
      errors,
    });
    const both = [
      ['userPromptSubmitted', null, 'Do the task.', 'none', ran],
      ['preToolUse', 'bash', 'echo both', 'none', refused('Denied by preToolUse hook: pascal says no')],
      [
        'preToolUse',
        'bash',
        'echo slow',
        'none',
        {
          ...ran,
          errors: [
            {
              hook: '.github/hooks/hooks.json',
              message: `HookTimeoutError: Hook command timed out after 1 seconds: sh ${sandbox.root}/hooks/camel.sh`,
            },
          ],
        },
      ],
      ['preToolUse', 'bash', 'echo askme', 'none', refused('Denied by preToolUse hook (unable to ask user for confirmation): asking')],
      // A postToolUse hook withheld the result: the call ran.
      ['preToolUse', 'bash', 'echo secret', 'none', ran],
      ['preToolUse', 'view', `${sandbox.project}/missing.txt`, 'none', ran],
    ];
    expect(rows).toEqual([
      ['userPromptSubmitted', null, 'Do the task.', 'none', ran],
      ['preToolUse', 'bash', 'echo hello', 'deny', ran],
      ['preToolUse', 'bash', 'rm -rf build', 'deny', refused('Denied by preToolUse hook: no rm -rf')],
      ['preToolUse', 'bash', 'curl -s http://example.invalid', 'none', refused('Denied by preToolUse hook: hook exited with code 2')],
      [
        'preToolUse',
        'bash',
        'echo broken',
        'none',
        refused('Denied by preToolUse hook from ".github/hooks/hooks.json" (hook errored)', '.github/hooks/hooks.json', [
          { hook: '.github/hooks/hooks.json', message: 'Hook command failed with code 1 Stderr: crash' },
        ]),
      ],
      ['preToolUse', 'bash', 'echo ctx', 'none', ran],
      ['preToolUse', 'bash', 'echo allowme', 'none', ran],
      ['preToolUse', 'bash', 'echo rewrite', 'none', ran],
      ['preToolUse', 'view', `${sandbox.project}/missing.txt`, 'none', ran],
      // Parallel calls: the refused one ended first.
      ['preToolUse', 'bash', 'rm -rf x', 'deny', refused('Denied by preToolUse hook: no rm -rf')],
      ['preToolUse', 'bash', 'echo a', 'none', ran],
      ...both,
    ]);
    // Today's hook gives the reason Copilot recorded: the same words.
    expect(report.results[2].reason).toBe('Denied by preToolUse hook: no rm -rf');
    expect(report.audit).toMatchObject({ compared: 17, unblocked: 4 });
    expect(report.audit.ranAlthoughDenied.map((call: any) => call.input.command)).toEqual(['echo hello']);

    const changed = await runCli(['replay', ...flags(sandbox), '--changed', '--json'], { env: ENV });
    expect(changed.code, changed.stderr).toBe(0);
    const differ = JSON.parse(changed.stdout).results.map((r: any) => [r.input.command, r.decision, r.recorded.blocked]);
    expect(differ).toEqual([
      ['echo hello', 'deny', false],
      ['curl -s http://example.invalid', 'none', true],
      ['echo broken', 'none', true],
      ['echo both', 'none', true],
      ['echo askme', 'none', true],
    ]);
    const table = await runCli(['replay', ...flags(sandbox), '--changed'], { env: ENV });
    expect(table.stdout).toMatch(
      /deny\s+preToolUse\s+bash\s+echo hello\s+Denied by preToolUse hook: no hello now\s+ran\s+events.jsonl:7\n/,
    );
    expect(table.stdout).toMatch(/none\s+preToolUse\s+bash\s+echo broken\s+blocked: Denied by preToolUse…\s+events.jsonl:24\n/);
    expect(table.stdout).toContain('(5 shown: the session');
  });

  it("finds this project's sessions in $COPILOT_HOME/session-state (else ~/.copilot), leaving other projects' out", async () => {
    const sandbox = copilotProject(() => ({
      userPromptSubmitted: [hook('cat > /dev/null; printf \'{"decision":"block","reason":"not today"}\'')],
    }));
    place(sandbox, 'prompt');
    sandbox.write('project/sub/.keep', '');
    place(sandbox, 'plain', { recordedIn: join(sandbox.project, 'sub') });
    place(sandbox, 'main', { recordedIn: '/somewhere/else' });
    const home = await runCli(['replay', ...flags(sandbox), '--json'], { env: ENV });
    expect(home.code, home.stderr).toBe(0);
    const report = JSON.parse(home.stdout);
    expect(report).toMatchObject({ sessions: 2, events: 3 });
    expect(report.results.map((r: any) => [r.session, r.event, r.input, r.decision, r.recorded?.blocked, r.recorded?.message])).toEqual([
      [SESSIONS.prompt.id, 'userPromptSubmitted', 'Do the task.', 'deny', true, 'no secrets'],
      [SESSIONS.plain.id, 'userPromptSubmitted', 'Do the task.', 'deny', false, null],
      [SESSIONS.plain.id, 'preToolUse', { command: 'echo plain', description: 'd' }, 'none', false, null],
    ]);
    // The session started in sub/, where Copilot does not read the project's hooks: the audit says so.
    expect(report.audit.silentHooks[0].reasons[0]).toContain('the session started in sub/');

    // COPILOT_HOME, relative to the directory Copilot starts in, as Copilot takes it.
    const own = place(sandbox, 'prompt', { copilotHome: join(sandbox.project, 'state-home') });
    expect(own).toContain(join(sandbox.project, 'state-home'));
    const configured = await runCli(['replay', ...flags(sandbox), '--json'], { env: { ...ENV, COPILOT_HOME: 'state-home' } });
    expect(configured.code, configured.stderr).toBe(0);
    expect(JSON.parse(configured.stdout)).toMatchObject({ sessions: 1, events: 1 });
    const none = await runCli(['replay', ...flags(sandbox)], { env: { ...ENV, COPILOT_HOME: join(sandbox.root, 'empty') } });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toContain(`hookctl: no copilot sessions of this project in ${join(sandbox.root, 'empty', 'session-state')}`);
  });
});
