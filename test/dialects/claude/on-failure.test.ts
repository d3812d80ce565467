import { describe, expect, it } from 'vitest';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, printJson } from './sandbox.js';

/**
 * `onFailure` (Claude Code 2.1.295+), through the library: the texts and the PreToolUse,
 * UserPromptSubmit, PermissionRequest and Stop results are the binary's (test/agents/claude); the
 * rest follows its settings schema and hook runner, read from the binary (docs/claude.md Handlers).
 */
async function one(event: string, handler: Record<string, unknown>, payload: Record<string, unknown> = {}) {
  const box = makeClaudeSandbox();
  box.settings('project/.claude/settings.json', hooks({ [event]: [group([handler])] }));
  return dispatchOnce(box, event, payload);
}

const failing = (extra: Record<string, unknown> = {}) => command("echo 'boom' >&2; exit 1", { onFailure: 'block', ...extra });

describe('claude onFailure', () => {
  it('"block": exit 1 on PreToolUse denies, with Claude\'s text and stderr on the next line', async () => {
    const outcome = await one('PreToolUse', failing());
    expect(outcome).toMatchObject({
      decision: 'deny',
      blocked: true,
      reason: `[echo 'boom' >&2; exit 1]: failed; blocking because onFailure is "block"\nboom`,
    });
    expect(outcome.runs[0]!.status).toBe('blocked');
    expect(outcome.dialectOutput?.modelFeedback).toEqual([
      `PreToolUse:Bash hook error: [echo 'boom' >&2; exit 1]: failed; blocking because onFailure is "block"\nboom`,
    ]);
  });

  it('"block": a timeout denies without stderr', async () => {
    const outcome = await one('PreToolUse', command('sleep 5', { onFailure: 'block', timeout: 0.3 }));
    expect(outcome).toMatchObject({ decision: 'deny', reason: '[sleep 5]: timed out; blocking because onFailure is "block"' });
  });

  it('"block": JSON that fails the schema is a failure, so it blocks', async () => {
    const outcome = await one(
      'PreToolUse',
      command(printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } }), { onFailure: 'block' }),
    );
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true });
  });

  it('"block" leaves a success alone: exit 0, a JSON allow, an exit 2 block with its own reason', async () => {
    expect(await one('PreToolUse', command('exit 0', { onFailure: 'block' }))).toMatchObject({ decision: null, blocked: false });
    const allow = await one(
      'PreToolUse',
      command(printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }), { onFailure: 'block' }),
    );
    expect(allow).toMatchObject({ decision: 'allow', blocked: false });
    expect(await one('PreToolUse', command('echo no >&2; exit 2', { onFailure: 'block' }))).toMatchObject({
      decision: 'deny',
      reason: 'no',
    });
  });

  it('"continue" (and no onFailure) fails open', async () => {
    for (const extra of [{ onFailure: 'continue' }, {}]) {
      const outcome = await one('PreToolUse', command('echo boom >&2; exit 1', extra));
      expect(outcome).toMatchObject({ decision: null, blocked: false });
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'Failed with non-blocking status code: boom' });
    }
  });

  it('"block" on PermissionRequest and UserPromptSubmit blocks', async () => {
    expect(await one('PermissionRequest', failing())).toMatchObject({ decision: 'deny', blocked: true });
    expect(await one('UserPromptSubmit', failing())).toMatchObject({ blocked: true });
  });

  it.each(['Stop', 'SubagentStop', 'TaskCompleted', 'TeammateIdle'])('"block" is ignored on %s, with a warning', async (event) => {
    const outcome = await one(event, failing());
    expect(outcome.blocked).toBe(false);
    expect(outcome.runs[0]!.status).toBe('failed');
    expect(outcome.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining(`onFailure "block" is ignored on ${event}; the failure does not block`)]),
    );
  });

  it('"block" is ignored for an async hook', async () => {
    const outcome = await one('PreToolUse', failing({ async: true }));
    expect(outcome).toMatchObject({ decision: null, blocked: false });
  });

  it('"block" where exit 2 only reports (SessionStart): the failure stays a failure', async () => {
    const outcome = await one('SessionStart', failing());
    expect(outcome.blocked).toBe(false);
    expect(outcome.runs[0]!.status).toBe('failed');
  });

  it('a prompt handler takes no onFailure: lint reports the key', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([{ type: 'prompt', prompt: 'ok?', onFailure: 'block' }])] }));
    const { runCli } = await import('../../helpers/run-cli.js');
    const lint = await runCli(['lint', '--format', 'json', '.claude/settings.json'], { cwd: box.project });
    expect(JSON.parse(lint.stdout).findings.map((f: { ruleId: string }) => f.ruleId)).toContain('unknown-key');
  });
});
