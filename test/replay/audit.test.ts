import { cpSync, mkdirSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { AUDIT_SESSIONS, FIXTURES, placeAuditSession } from './helpers.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = readFileSync(join(REPO, 'docs/replay.md'), 'utf8');
/** Before both recordings (2026-12-05T00:10Z): the hooks file was there when the sessions ran. */
const BEFORE_SESSIONS = new Date('2026-12-04T00:00:00Z');

/**
 * The audit fixture project (the hooks the sessions were recorded with) in a sandbox laid out as
 * docs/replay.md says: `project/` (with `sub/`), `home/`, `sessions/`.
 */
function claudeSandbox(options: { trusted?: boolean; hooksModifiedLater?: boolean } = {}): TempProject & { sessions: string } {
  const sandbox = makeTempProject();
  cpSync(join(FIXTURES, 'audit', 'project'), sandbox.project, { recursive: true });
  const settings = join(sandbox.project, '.claude', 'settings.json');
  if (!options.hooksModifiedLater) utimesSync(settings, BEFORE_SESSIONS, BEFORE_SESSIONS);
  if (options.trusted !== false)
    sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  const sessions = join(sandbox.root, 'sessions');
  placeAuditSession('claude', AUDIT_SESSIONS.claude.root, sessions, sandbox.project);
  placeAuditSession('claude', AUDIT_SESSIONS.claude.sub, sessions, sandbox.project);
  placeAuditSession('claude', AUDIT_SESSIONS.claude.prompt, sessions, sandbox.project);
  return { ...sandbox, sessions };
}

/** The `text` block of docs/replay.md that starts with `$ <command>`: the command and the output shown under it. */
function shownRun(prefix: string): { args: string[]; output: string } {
  const block = [...PAGE.matchAll(/^```text\n([\s\S]*?)^```$/gm)].map((match) => match[1]!).find((body) => body.startsWith(`$ ${prefix}`));
  if (block === undefined) throw new Error(`no "$ ${prefix}" block in docs/replay.md`);
  const [command, ...output] = block.split('\n');
  return { args: command!.slice('$ hookctl '.length).split(' '), output: output.join('\n') };
}

const CLAUDE_ENV = { CLAUDE_CONFIG_DIR: undefined, HOOKCTL_LOG: undefined };

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('replay: what the sessions recorded about their hooks, and the bypass audit', { timeout: 120_000 }, () => {
  it('claude: the documented example (a session started in the project, one started in sub/)', async () => {
    const sandbox = claudeSandbox();
    const { args, output } = shownRun('hookctl replay --dialect claude --home ../home ../sessions');
    const result = await runCli(args, { cwd: sandbox.project, env: CLAUDE_ENV });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(output);
  });

  it('claude: RECORDED holds the refusal, its message and a hook error; --json has them as fields', async () => {
    const sandbox = claudeSandbox();
    const result = await runCli(['replay', '--dialect', 'claude', '--home', sandbox.home, '--json', sandbox.sessions], {
      cwd: sandbox.project,
      env: CLAUDE_ENV,
    });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    const root = report.results.filter((r: any) => r.file.endsWith(AUDIT_SESSIONS.claude.root.name));
    expect(root.map((r: any) => [r.input?.command ?? r.input, r.decision, r.recorded])).toEqual([
      ['tidy up and check the network', 'none', { blocked: false, hook: null, message: null, errors: [] }],
      [
        'rm -rf build',
        'deny',
        { blocked: true, hook: "if grep -q 'rm -rf'; then echo 'no rm -rf' >&2; exit 2; fi", message: 'no rm -rf', errors: [] },
      ],
      [
        'echo broken',
        'failed',
        {
          blocked: false,
          hook: null,
          message: null,
          errors: [
            {
              hook: "if grep -q 'broken'; then echo 'guard crashed: config missing' >&2; exit 1; fi",
              message: 'guard crashed: config missing',
            },
          ],
        },
      ],
      // A JSON deny: Claude Code records the reason, not the command.
      ['curl -s http://example.invalid', 'deny', { blocked: true, hook: null, message: 'no network', errors: [] }],
      ['echo ok', 'none', { blocked: false, hook: null, message: null, errors: [] }],
    ]);
    // A refused prompt is a system record, not a user record: replayed all the same, with the hook's command and message.
    const prompt = report.results.find((r: any) => r.file.endsWith(AUDIT_SESSIONS.claude.prompt.name));
    expect(prompt).toMatchObject({
      event: 'UserPromptSubmit',
      input: 'my password is hunter2',
      decision: 'deny',
      reason: 'keep secrets out',
      recorded: { blocked: true, hook: "if grep -qi password; then echo 'keep secrets out' >&2; exit 2; fi", message: 'keep secrets out' },
    });
    expect(report.audit).toMatchObject({
      compared: 11,
      unblocked: 0,
      moreRanAlthoughDenied: 0,
      ranAlthoughDenied: [
        {
          line: 20,
          tool: 'Bash',
          input: { command: 'rm -rf build' },
          hook: 'project:.claude/settings.json:PreToolUse:0:0',
          reason: 'no rm -rf',
        },
        {
          line: 29,
          tool: 'Bash',
          input: { command: 'curl -s http://example.invalid' },
          hook: 'project:.claude/settings.json:PreToolUse:0:2',
        },
      ],
    });
    expect(report.audit.silentHooks.map((hook: any) => [hook.id, hook.calls, hook.reasons.length])).toEqual([
      ['project:.claude/settings.json:PreToolUse:0:0', 1, 1],
      ['project:.claude/settings.json:PreToolUse:0:1', 1, 1],
      ['project:.claude/settings.json:PreToolUse:0:2', 1, 1],
    ]);
    expect(report.audit.silentHooks[0].reasons[0]).toContain('the session started in sub/, below the project');
  });

  it('claude: --changed keeps the calls where the record and today differ; a hooks file newer than the session is a reason', async () => {
    const sandbox = claudeSandbox({ hooksModifiedLater: true });
    // Today the curl hook is gone: the refusal the session recorded is no longer today's verdict.
    const settings = join(sandbox.project, '.claude', 'settings.json');
    const hooks = JSON.parse(readFileSync(settings, 'utf8'));
    hooks.hooks.PreToolUse[0].hooks.pop();
    sandbox.write('project/.claude/settings.json', JSON.stringify(hooks));
    const result = await runCli(['replay', '--dialect', 'claude', '--home', sandbox.home, '--changed', sandbox.sessions], {
      cwd: sandbox.project,
      env: CLAUDE_ENV,
    });
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.split('\n').filter((line) => /\.jsonl:\d+$/.test(line) && !line.startsWith(' '));
    expect(rows.map((row) => row.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^deny PreToolUse Bash rm -rf build no rm -rf ran 1de1ab72-.*\.jsonl:20$/),
      expect.stringMatching(/^none PreToolUse Bash curl -s http:\/\/example\.invalid blocked: no network 4ccb52e4-.*\.jsonl:32$/),
    ]);
    expect(result.stdout).toContain("(2 shown: the session's record and today's verdict differ)");
    expect(result.stdout).toContain('  refused in the session but not denied today: 1 (--changed lists them)\n');
    expect(result.stdout).toContain(
      '      - .claude/settings.json was modified after the session (the hook may not have been there yet)\n',
    );
    const json = await runCli(['replay', '--dialect', 'claude', '--home', sandbox.home, '--changed', '--json', sandbox.sessions], {
      cwd: sandbox.project,
      env: CLAUDE_ENV,
    });
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ events: 11, shown: 2, audit: { unblocked: 1 } });
    expect(report.results.map((r: any) => [r.line, r.decision, r.recorded.blocked])).toEqual([
      [20, 'deny', false],
      [32, 'none', true],
    ]);
    const both = await runCli(
      ['replay', '--dialect', 'claude', '--home', sandbox.home, '--changed', '--against', 'HEAD', sandbox.sessions],
      {
        cwd: sandbox.project,
        env: CLAUDE_ENV,
      },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--changed compares');
  });

  it('codex: a refusal in the output is RECORDED; hooks not trusted are the likely reason a denied call ran', async () => {
    const sandbox = makeTempProject();
    cpSync(join(FIXTURES, 'audit', 'project', '.claude', 'settings.json'), join(sandbox.project, '.codex', 'hooks.json'), {
      recursive: true,
    });
    utimesSync(join(sandbox.project, '.codex', 'hooks.json'), BEFORE_SESSIONS, BEFORE_SESSIONS);
    // The project is trusted today (Codex loads its hooks), its hooks never reviewed: only the bypass runs them.
    sandbox.write('home/.codex/config.toml', `[projects."${sandbox.project}"]\ntrust_level = "trusted"\n`);
    const sessions = join(sandbox.root, 'sessions');
    mkdirSync(sessions);
    placeAuditSession('codex', AUDIT_SESSIONS.codex.trusted, sessions, sandbox.project);
    placeAuditSession('codex', AUDIT_SESSIONS.codex.untrusted, sessions, sandbox.project);
    const flags = ['--dialect', 'codex', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml')];
    const result = await runCli(['replay', ...flags, '--dangerously-bypass-hook-trust', '--json', sessions], {
      env: { CODEX_HOME: undefined },
    });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    const calls = report.results.filter((r: any) => r.event === 'PreToolUse');
    const trusted = calls.filter((r: any) => r.file.endsWith(AUDIT_SESSIONS.codex.trusted.name));
    expect(trusted.map((r: any) => [r.input.command, r.decision, r.recorded])).toEqual([
      ['rm -rf build', 'deny', { blocked: true, hook: null, message: 'no rm -rf', errors: [] }],
      // Codex records no hook failure: the failing hook's call reads as an ordinary one.
      ['echo broken', 'failed', { blocked: false, hook: null, message: null, errors: [] }],
      ['curl -s http://example.invalid', 'deny', { blocked: true, hook: null, message: 'no network', errors: [] }],
      ['echo ok', 'none', { blocked: false, hook: null, message: null, errors: [] }],
    ]);
    const untrusted = calls.filter((r: any) => r.file.endsWith(AUDIT_SESSIONS.codex.untrusted.name));
    // `rm -rf build` was refused by Codex's own rule there (`exec_command failed: … Rejected(…)`): it did not run, and no hook spoke.
    expect(untrusted.map((r: any) => [r.input.command, r.decision, r.recorded?.blocked ?? null])).toEqual([
      ['rm -rf build', 'deny', null],
      ['echo broken', 'failed', false],
      ['curl -s http://example.invalid', 'deny', false],
      ['echo ok', 'none', false],
    ]);
    // Codex's own hook keys: the file, the event in snake case, the group and the handler.
    const key = (handler: number) => `${join(sandbox.project, '.codex', 'hooks.json')}:pre_tool_use:0:${handler}`;
    expect(report.audit.ranAlthoughDenied.map((call: any) => [call.input.command, call.hook])).toEqual([
      ['curl -s http://example.invalid', key(2)],
    ]);
    // Codex finds the root's hooks from a subdirectory, so only trust is named; a failure leaves no trace in a rollout anyway,
    // so the failing hook is not listed.
    expect(report.audit.silentHooks.map((hook: any) => hook.id)).toEqual([key(2)]);
    for (const hook of report.audit.silentHooks)
      expect(hook.reasons).toEqual([
        expect.stringMatching(
          /^it is not trusted \((workspace-untrusted|untrusted)\) and ran only because of --dangerously-bypass-hook-trust$/,
        ),
      ]);
  });

  it('a call whose result was never recorded is still replayed, with RECORDED "-", and is left out of the audit', async () => {
    const sandbox = claudeSandbox();
    const file = join(sandbox.sessions, AUDIT_SESSIONS.claude.sub.name);
    // The session ends right after the model asked for `rm -rf build` (line 20): no result, so nothing about its hooks.
    sandbox.write(`sessions/${AUDIT_SESSIONS.claude.sub.name}`, `${readFileSync(file, 'utf8').split('\n').slice(0, 20).join('\n')}\n`);
    const result = await runCli(['replay', '--dialect', 'claude', '--home', sandbox.home, '--json', sandbox.sessions], {
      cwd: sandbox.project,
      env: CLAUDE_ENV,
    });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    const cut = report.results.filter((r: any) => r.file.endsWith(AUDIT_SESSIONS.claude.sub.name));
    expect(cut.map((r: any) => [r.line, r.decision, r.recorded])).toEqual([
      [3, 'none', { blocked: false, hook: null, message: null, errors: [] }],
      [20, 'deny', null],
    ]);
    expect(report.audit).toMatchObject({ compared: 7, ranAlthoughDenied: [], silentHooks: [], unblocked: 0 });
  });

  it('a recorded hook message is escaped before it reaches the terminal', async () => {
    const sandbox = claudeSandbox();
    const file = join(sandbox.sessions, AUDIT_SESSIONS.claude.root.name);
    const text = readFileSync(file, 'utf8').split('hook error: no network').join('hook error: no \\u001b[2J\\u0007x');
    sandbox.write(`sessions/${AUDIT_SESSIONS.claude.root.name}`, text);
    const result = await runCli(['replay', '--dialect', 'claude', '--home', sandbox.home, sandbox.sessions], {
      cwd: sandbox.project,
      env: CLAUDE_ENV,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0007\u001b]/);
    expect(result.stdout).toContain('blocked: no \\x1b[2J\\x07x');
  });
});
