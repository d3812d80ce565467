// PreModelSwitch and PostModelSwitch, the events Claude Code 2.1.328 has and its docs mirror does not
// (their contract is the Agent SDK's types): a settings file that hooks them is a valid Claude file, so
// hookctl must lint it clean, keep the file's other hooks, and dispatch them with `to_model` as the
// matcher target.
import { describe, expect, it } from 'vitest';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, printJson } from '../dialects/claude/sandbox.js';
import { runCli } from '../helpers/run-cli.js';

describe('claude model-switch events', () => {
  it('a settings file with PreModelSwitch and PostModelSwitch hooks lints clean', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({
        // Guards fail closed here: without "onFailure": "block" each is a guard-fails-open note.
        PreModelSwitch: [group([{ ...command('exit 0'), onFailure: 'block' }], 'claude-opus-4-6')],
        PostModelSwitch: [group([command('echo switched')])],
        PreToolUse: [group([{ ...command('exit 0'), onFailure: 'block' }], 'Bash')],
      }),
    );
    const lint = await runCli(['lint', '--format', 'json', '.claude/settings.json'], { cwd: box.project });
    expect(JSON.parse(lint.stdout).findings).toEqual([]);
    expect(lint.code).toBe(0);
  });

  it('dispatches PreModelSwitch to the hooks whose matcher names to_model, and reads a deny', async () => {
    const box = makeClaudeSandbox();
    const deny = {
      hookSpecificOutput: { hookEventName: 'PreModelSwitch', permissionDecision: 'deny', permissionDecisionReason: 'cache is warm' },
    };
    box.settings(
      'project/.claude/settings.json',
      hooks({ PreModelSwitch: [group([command(printJson(deny))], 'claude-opus-4-6'), group([command('exit 0')], 'claude-haiku-4-5')] }),
    );
    const outcome = await dispatchOnce(box, 'PreModelSwitch', { to_model: 'claude-opus-4-6' });
    expect(outcome.matcherTarget).toBe('claude-opus-4-6');
    expect(outcome.runs).toHaveLength(1);
    expect(outcome.warnings).toEqual([]);
    expect(outcome).toMatchObject({ blocked: true, decision: 'deny', reason: 'cache is warm' });
  });

  it('PreModelSwitch exit 2 blocks the switch; PostModelSwitch plain stdout is context', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({
        PreModelSwitch: [group([command('echo "not during a deploy" >&2; exit 2')])],
        PostModelSwitch: [group([command('echo "now on opus"')])],
      }),
    );
    expect(await dispatchOnce(box, 'PreModelSwitch')).toMatchObject({ blocked: true });
    const after = await dispatchOnce(box, 'PostModelSwitch');
    expect(after.blocked).toBe(false);
    expect(JSON.stringify(after)).toContain('now on opus');
  });

  it('rejects a PreModelSwitch payload without the fields the SDK requires', async () => {
    const box = makeClaudeSandbox();
    box.trustWorkspace();
    box.settings('project/.claude/settings.json', hooks({ PreModelSwitch: [group([command('exit 0')])] }));
    const payload = { ...(await box.payload('PreModelSwitch')) } as Record<string, unknown>;
    delete payload.to_model;
    const result = await runCli(
      ['run', 'PreModelSwitch', '--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed],
      {
        input: JSON.stringify(payload),
      },
    );
    expect(`${result.stdout}${result.stderr}`).toMatch(/to_model/);
  });
});
