import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { cleanup, runCase, unavailable, warm } from './harness.js';

/**
 * `hookctl replay --dialect copilot` on a session the pinned Copilot CLI 1.0.102 has just recorded in
 * `$HOME/.copilot/session-state/`: the real `hookctl` binary finds it by the project, gives each hook the
 * payload Copilot gave it, and today's verdicts agree with what Copilot did until the hooks change.
 */
const why = unavailable();

/** Appends its input to `$ROOT/dumps/<event>.log` (one line each), then denies `rm -rf` and adds context to `echo ctx`. */
const GATE = (event: string) => `#!/bin/sh
input=$(cat)
printf '%s\\n' "$input" >> $ROOT/dumps/${event}.log
case "$input" in
  *rm\\ -rf*) printf '%s' '{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}';;
  *curl*) exit 2;;
  *ctx*) printf '%s' '{"additionalContext":"remember the tests"}';;
esac
exit 0
`;
const bash = (command: string) => ({ tools: [{ name: 'bash', args: { command, description: 'step' } }] });
const hooksFile = (gate: string) => ({
  version: 1,
  hooks: {
    preToolUse: [{ type: 'command', bash: `sh $ROOT/hooks/${gate}.sh` }],
    userPromptSubmitted: [{ type: 'command', bash: 'sh $ROOT/hooks/prompt.sh' }],
  },
});

const withoutTime = (payloads: Record<string, unknown>[]) => payloads.map(({ timestamp, ...rest }) => rest);
/** Per payload: whether the replayed time is within 50 ms of the one Copilot sent (a number in ms, or an ISO string). */
const timeGaps = (replayed: Record<string, unknown>[], recorded: Record<string, unknown>[]) =>
  replayed.map((payload, n) => Math.abs(msOf(payload.timestamp) - msOf(recorded[n]?.timestamp)) <= 50);
const msOf = (time: unknown) => (typeof time === 'number' ? time : Date.parse(String(time)));

describe.skipIf(why !== null)('GitHub Copilot CLI 1.0.102: a recorded session replayed by the hookctl binary', () => {
  beforeAll(warm, 180_000);
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);

  it('each hook gets what Copilot gave it; the verdicts match the session until the hooks change', { timeout: 300_000 }, async () => {
    const o = await runCase({
      turns: [bash('echo hello'), bash('rm -rf build'), bash('curl -s http://example.invalid'), bash('echo ctx'), { text: 'done' }],
      files: {
        'hooks/gate.sh': GATE('preToolUse'),
        'hooks/prompt.sh': `#!/bin/sh\ncat >> $ROOT/dumps/userPromptSubmitted.log; echo >> $ROOT/dumps/userPromptSubmitted.log\n`,
        'project/.github/hooks/hooks.json': hooksFile('gate'),
      },
    });
    expect(o.session.exitCode, o.session.stderr).toBe(0);
    const dumps = (event: string) =>
      readFileSync(join(o.root, 'dumps', `${event}.log`), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line));
    const fromCopilot = { preToolUse: dumps('preToolUse'), userPromptSubmitted: dumps('userPromptSubmitted') };
    expect(fromCopilot.preToolUse.map((payload) => payload.toolArgs.command)).toEqual([
      'echo hello',
      'rm -rf build',
      'curl -s http://example.invalid',
      'echo ctx',
    ]);
    for (const event of Object.keys(fromCopilot)) writeFileSync(join(o.root, 'dumps', `${event}.log`), '');

    // The folder was trusted with --trust-folder; for hookctl, COPILOT_ALLOW_ALL says the same.
    const flags = ['--dialect', 'copilot', '--cwd', join(o.root, 'project'), '--home', join(o.root, 'home')];
    const env = { COPILOT_HOME: undefined, COPILOT_ALLOW_ALL: 'true', ROOT: o.root };
    const replay = await runCli(['replay', ...flags, '--json'], { env, timeoutMs: 60_000 });
    expect(replay.code, replay.stderr).toBe(0);
    const report = JSON.parse(replay.stdout);
    expect(report.sessions).toBe(1);
    expect(report.results.map((r: any) => [r.event, r.input?.command ?? r.input, r.decision, r.recorded?.blocked])).toEqual([
      ['userPromptSubmitted', 'Do the task.', 'none', false],
      ['preToolUse', 'echo hello', 'none', false],
      ['preToolUse', 'rm -rf build', 'deny', true],
      ['preToolUse', 'curl -s http://example.invalid', 'deny', true],
      ['preToolUse', 'echo ctx', 'none', false],
    ]);
    expect(report.results[2].recorded.message).toBe('Denied by preToolUse hook: no rm -rf');
    expect(report.results[2].reason).toBe('Denied by preToolUse hook: no rm -rf');
    expect(report.audit).toMatchObject({ compared: 5, ranAlthoughDenied: [], unblocked: 0 });
    // What Copilot gave each hook, hookctl gives it again: the same payloads, field for field (a preToolUse
    // payload's own time is not recorded: the hook.start record's, read instead, can be a millisecond later).
    expect(withoutTime(dumps('preToolUse'))).toEqual(withoutTime(fromCopilot.preToolUse));
    expect(timeGaps(dumps('preToolUse'), fromCopilot.preToolUse)).toEqual([true, true, true, true]);
    expect(dumps('userPromptSubmitted')).toEqual(fromCopilot.userPromptSubmitted);

    // Today's hooks let everything through: --changed shows the two calls Copilot refused.
    writeFileSync(join(o.root, 'hooks', 'open.sh'), '#!/bin/sh\ncat > /dev/null\n');
    writeFileSync(join(o.root, 'project', '.github', 'hooks', 'hooks.json'), JSON.stringify(hooksFile('open')).split('$ROOT').join(o.root));
    const changed = await runCli(['replay', ...flags, '--changed'], { env, timeoutMs: 60_000 });
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toMatch(/\nnone\s+preToolUse\s+bash\s+rm -rf build\s+blocked: Denied by preToolUse… /);
    expect(changed.stdout).toMatch(/\nnone\s+preToolUse\s+bash\s+curl -s http:\/\/example.invalid\s+blocked: Denied by preToolUse… /);
    expect(changed.stdout).toContain("(2 shown: the session's record and today's verdict differ)");
    expect(changed.stdout).toContain('refused in the session but not denied today: 2');
  });

  it("Claude-named hooks: PreToolUse gets Claude's tool names, in replay as in the session", { timeout: 300_000 }, async () => {
    const tool = (name: string, args: Record<string, unknown>) => ({ tools: [{ name, args }] });
    const record = (event: string) => `#!/bin/sh\ncat >> $ROOT/dumps/${event}.log; echo >> $ROOT/dumps/${event}.log\n`;
    const o = await runCase({
      turns: [
        tool('create', { path: '$ROOT/project/a.txt', file_text: 'hello\n' }),
        tool('edit', { path: '$ROOT/project/a.txt', old_str: 'hello', new_str: 'bye' }),
        tool('grep', { pattern: 'bye' }),
        tool('glob', { pattern: '*.txt' }),
        tool('view', { path: '$ROOT/project/a.txt' }),
        bash('echo hi'),
        { text: 'done' },
      ],
      files: {
        'hooks/pre.sh': record('PreToolUse'),
        'hooks/prompt.sh': record('UserPromptSubmit'),
        'project/.github/hooks/hooks.json': {
          version: 1,
          hooks: {
            PreToolUse: [{ type: 'command', bash: 'sh $ROOT/hooks/pre.sh' }],
            UserPromptSubmit: [{ type: 'command', bash: 'sh $ROOT/hooks/prompt.sh' }],
          },
        },
      },
    });
    expect(o.session.exitCode, o.session.stderr).toBe(0);
    const dumps = (event: string) =>
      readFileSync(join(o.root, 'dumps', `${event}.log`), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line));
    const fromCopilot = { PreToolUse: dumps('PreToolUse'), UserPromptSubmit: dumps('UserPromptSubmit') };
    expect(fromCopilot.PreToolUse.map((payload) => payload.tool_name)).toEqual(['Write', 'Edit', 'Grep', 'Glob', 'Read', 'Bash']);
    for (const event of Object.keys(fromCopilot)) writeFileSync(join(o.root, 'dumps', `${event}.log`), '');
    const flags = ['--dialect', 'copilot', '--cwd', join(o.root, 'project'), '--home', join(o.root, 'home')];
    const events = ['--event', 'PreToolUse', '--event', 'UserPromptSubmit'];
    const replay = await runCli(['replay', ...flags, ...events, '--json'], {
      env: { COPILOT_HOME: undefined, COPILOT_ALLOW_ALL: 'true' },
      timeoutMs: 60_000,
    });
    expect(replay.code, replay.stderr).toBe(0);
    expect(JSON.parse(replay.stdout).events).toBe(7);
    expect(withoutTime(dumps('PreToolUse'))).toEqual(withoutTime(fromCopilot.PreToolUse));
    expect(timeGaps(dumps('PreToolUse'), fromCopilot.PreToolUse).every(Boolean)).toBe(true);
    expect(dumps('UserPromptSubmit')).toEqual(fromCopilot.UserPromptSubmit);
  });
});
